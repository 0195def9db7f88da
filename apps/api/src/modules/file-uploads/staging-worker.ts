import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError, type ErrorKind, type FieldErrors } from '../../platform/errors/app-error.js';
import type { OpenFile } from '../../platform/files/file-store.js';
import { firstBytes } from './csv-rows.js';
import type { StagedChunk, StagingParams, StagingTimes } from './staged-lines.js';

/** Messages of the job's thread to the worker. */
export type FromJob =
  | { type: 'bytes'; chunk: Uint8Array }
  | { type: 'end' }
  | { type: 'fail'; message: string }
  | { type: 'ack' };

/** Messages of the worker to the job's thread. */
export type FromWorker =
  | { type: 'more' }
  | ({ type: 'rows' } & StagedChunk)
  | { type: 'done'; times: StagingTimes }
  | { type: 'error'; appError?: { kind: ErrorKind; message: string; fieldErrors?: FieldErrors } };

const workerFile = new URL(`./stage-rows.worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/**
 * The worker's entry: the compiled module; from source (tests, tsx) a small module that registers
 * tsx's loader in the worker first (a worker's `--import` does not apply to its entry on Node 20).
 */
function workerEntry(): URL {
  if (!workerFile.pathname.endsWith('.ts')) return workerFile;
  // require.resolve finds the CommonJS build of tsx's API; the worker imports its ES module beside it.
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const tsx = pathToFileURL(api).href;
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(workerFile.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

/**
 * A CSV file's staging rows (`stagedLineChunks`) made in a worker thread, so that reading,
 * parsing and checking run beside the `COPY` and the job's thread only moves bytes: the file is
 * read here (the file store stays in this thread) and handed over as the worker asks for it; the
 * worker hands back COPY text, at most a few chunks ahead (each is acknowledged when the consumer
 * asks for the next). Ends the worker when done, failed or stopped early.
 * @param times filled with the worker's times (reading and parsing, checks, formatting) at the end
 * @throws AppError as `readRowBatches` (budgets, encoding; rebuilt from the worker's), Error when
 *   the file is not CSV, cannot be read, or the worker fails
 */
export async function* stagedChunksInWorker(
  file: OpenFile,
  params: StagingParams,
  times: StagingTimes,
): AsyncGenerator<StagedChunk> {
  const head = await firstBytes(file);
  const content = await file();
  const bytes = content[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const worker = new Worker(workerEntry(), {
    workerData: { params, head },
    execArgv: workerFile.pathname.endsWith('.ts') ? ['--conditions=source'] : [],
  });
  const inbox: FromWorker[] = [];
  let wake: (() => void) | undefined;
  let crashed: Error | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const send = (message: FromJob, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  const pump = async () => {
    try {
      const next = await bytes.next();
      if (next.done) send({ type: 'end' });
      else {
        const chunk = new Uint8Array(next.value);
        send({ type: 'bytes', chunk }, [chunk.buffer]);
      }
    } catch (error) {
      send({ type: 'fail', message: error instanceof Error ? error.message : 'read failed' });
    }
  };
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'more') void pump();
    else {
      inbox.push(message);
      notify();
    }
  });
  worker.on('error', (error) => {
    crashed = error;
    notify();
  });
  worker.on('exit', () => {
    crashed ??= new Error('the staging worker stopped');
    notify();
  });
  try {
    for (;;) {
      const message = inbox.shift();
      if (!message) {
        if (crashed) throw crashed;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (message.type === 'rows') {
        yield { text: message.text, rows: message.rows };
        send({ type: 'ack' });
      } else if (message.type === 'done') {
        Object.assign(times, message.times);
        return;
      } else if (message.type === 'error') {
        const failure = message.appError;
        throw failure
          ? new AppError(failure.kind, failure.message, failure.fieldErrors)
          : new Error('The file could not be read to the end.');
      }
    }
  } finally {
    await worker.terminate();
    content.destroy();
  }
}
