import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** A server running in a child process. */
export interface ChildServer {
  /** e.g. `http://127.0.0.1:41234` */
  origin: string;
  /** Everything the child reported with its port (e.g. tokens made at start). */
  ready: Record<string, unknown>;
  /** What the child sent over IPC after it was ready, in order (e.g. `{ phases }` of upload jobs). */
  messages: Record<string, unknown>[];
  /** The child's process id (its peak RSS: `/proc/<pid>/status` VmHWM). */
  pid: number;
  /** Sends the child a message over IPC (e.g. the soak's `{ memory: true }`). */
  send(message: Record<string, unknown>): void;
  /** Stops the child (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts `file` (a bench server module beside this one) in its own Node process, run by tsx with
 * the `source` condition like the api's dev script (plain Node for a compiled `.mjs` one), and
 * waits for the port it sends over IPC. With `BENCH_CPU_PROF_DIR` set to a folder, the server writes
 * its CPU profile there on exit (`node --cpu-prof`).
 * @param env extra environment variables (e.g. `DATABASE_URL`)
 */
export async function startChildServer(file: string, env: Record<string, string>): Promise<ChildServer> {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), [], {
    // A compiled `.mjs` server runs under plain Node; TypeScript ones through tsx.
    execArgv: [
      ...(file.endsWith('.mjs') ? [] : ['--import', 'tsx', '--conditions=source']),
      // BENCH_CPU_PROF_DIR: the server writes a V8 CPU profile there when it stops (issue 25).
      ...(process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : []),
    ],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const ready = once(child, 'message') as Promise<[{ port: number } & Record<string, unknown>]>;
  const first = await Promise.race([ready, exited.then(() => null)]);
  if (!first) throw new Error(`${file} exited before listening`);
  const messages: Record<string, unknown>[] = [];
  // A server that dies under load says so (exit code or signal), rather than as a reset connection.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`${file} exited unexpectedly (code ${code}, signal ${signal})`);
  });
  child.on('message', (message) => messages.push(message as Record<string, unknown>));
  return {
    messages,
    origin: `http://127.0.0.1:${first[0].port}`,
    ready: first[0],
    pid: child.pid ?? 0,
    send: (message) => void child.send(message),
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
