import { Worker } from 'node:worker_threads';
import type { DataRowBatch } from './file-reader.js';
import { type StagedRowBatch, type StagedRowContext, stagedBatchLines } from './staged-row-lines.js';
import { errorFromWorker, type WorkerError } from './worker-errors.js';

/**
 * Checks a file's rows into staging lines (`stagedRowLines`), in the job's thread or in a worker
 * thread beside it (decision 083): with the worker, the job's thread reads the next rows and
 * streams the checked ones to the `COPY` while the worker checks, so a large file's
 * validation uses a second core; the job's thread checks a batch itself whenever the worker is
 * `WORKER_QUEUE_BATCHES` behind (decision 084). A quote-free CSV's batches come as text and are
 * parsed where they are checked (decision 085).
 */
export interface StagedRowChecker {
  /**
   * Starts checking a batch; @returns its COPY text and row hashes (`stagedBatchLines`).
   * @throws (the promise rejects) as `stagedBatchLines`: a refused row's `AppError` as it was
   */
  lines(batch: DataRowBatch, firstLine: number): Promise<StagedRowBatch>;
  /** Milliseconds spent checking so far, in the job's thread and in the worker (its own time). */
  checkingMs(): { thread: number; worker: number };
  /** Stops the worker, if any (pending batches reject). */
  close(): Promise<void>;
}

/** The checks in the calling thread: each batch is checked when it is given. */
export function inThreadChecker(context: StagedRowContext): StagedRowChecker {
  let spent = 0;
  return {
    lines(batch, firstLine) {
      const started = performance.now();
      try {
        return Promise.resolve(stagedBatchLines(context, batch, firstLine));
      } catch (error) {
        return Promise.reject(error);
      } finally {
        spent += performance.now() - started;
      }
    },
    checkingMs: () => ({ thread: spent, worker: 0 }),
    close: async () => undefined,
  };
}

/**
 * The worker's entry. Compiled, `row-check.worker.js` beside this file; from source (tests, `tsx`)
 * the TypeScript file, loaded through tsx's loader registered in the worker first (Node 20 does not
 * apply a parent's `--import` hooks to a worker's entry).
 */
function startWorker(context: StagedRowContext): Worker {
  const compiled = !import.meta.url.endsWith('.ts');
  const entry = new URL(`./row-check.worker.${compiled ? 'js' : 'ts'}`, import.meta.url);
  if (compiled) return new Worker(entry, { workerData: context });
  const code = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(code, { eval: true, workerData: context, execArgv: ['--conditions=source'] });
}

/**
 * Batches the worker may have waiting before the job's thread checks the next one itself (2 in
 * decision 084; 4 since decision 085, when the job's thread stopped parsing and has less to do).
 */
export const WORKER_QUEUE_BATCHES = 4;

/**
 * The checks in a worker thread of their own (one per validation), stopped by `close`, and in the
 * calling thread for a batch given while the worker has `WORKER_QUEUE_BATCHES` waiting: the job's
 * thread, once its reading is ahead, checks too rather than wait (decision 084).
 */
export function workerChecker(context: StagedRowContext): StagedRowChecker {
  const worker = startWorker(context);
  const inThread = inThreadChecker(context);
  const waiting = new Map<number, { resolve: (batch: StagedRowBatch) => void; reject: (error: Error) => void }>();
  let next = 0;
  let spent = 0;
  let failed: Error | undefined;
  const failAll = (error: Error) => {
    failed ??= error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', (answer: { id: number; lines?: StagedRowBatch; ms?: number; error?: WorkerError }) => {
    const pending = waiting.get(answer.id);
    if (!pending) return;
    waiting.delete(answer.id);
    spent += answer.ms ?? 0;
    if (answer.lines === undefined) pending.reject(errorFromWorker(answer.error));
    else pending.resolve(answer.lines);
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the row check worker stopped (exit code ${code})`)));
  return {
    lines(batch, firstLine) {
      if (failed) return Promise.reject(failed);
      if (waiting.size >= WORKER_QUEUE_BATCHES) return inThread.lines(batch, firstLine);
      const id = next;
      next += 1;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, batch, firstLine });
      });
    },
    checkingMs: () => ({ thread: inThread.checkingMs().thread, worker: spent }),
    async close() {
      await worker.terminate();
    },
  };
}
