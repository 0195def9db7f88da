import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Starts the built server (`apps/api/dist/main.js`, which also serves `apps/web/dist`) on 127.0.0.1:`port`
 * with a fresh embedded database and the demo data, as `apps/web/playwright.config.ts` does.
 * Resolves once `GET /api/health` answers (at most `timeoutMs`). Returns its base URL and `stop()`,
 * which ends the server and removes its scratch folder (`/tmp/bcp-bench-web-*`, the database's
 * `data` folder inside it), as does a failed start.
 */
export async function startServer(port, timeoutMs = 120_000) {
  const scratch = mkdtempSync(join(tmpdir(), 'bcp-bench-web-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(scratch, 'data'),
      DATABASE_URL: '',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise((_resolve, reject) =>
    child.once('exit', (code) => reject(new Error(`the server stopped (exit code ${code})`))),
  );
  const deadline = Date.now() + timeoutMs;
  const ready = (async () => {
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((done) => setTimeout(done, 500));
    }
    throw new Error(`the server did not answer ${baseUrl}/api/health within ${timeoutMs} ms`);
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (error) {
    child.kill();
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
  exited.catch(() => undefined);
  return {
    baseUrl,
    stop: () =>
      new Promise((done) => {
        const removeScratch = () => {
          rmSync(scratch, { recursive: true, force: true });
          done();
        };
        if (child.exitCode !== null) return removeScratch();
        child.once('exit', removeScratch);
        child.kill('SIGTERM');
      }),
  };
}
