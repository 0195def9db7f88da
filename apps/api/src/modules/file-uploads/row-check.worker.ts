import { parentPort, workerData } from 'node:worker_threads';
import type { DataRowBatch } from './file-reader.js';
import { type StagedRowContext, stagedBatchLines } from './staged-row-lines.js';
import { errorForThread } from './worker-errors.js';

/**
 * The check worker of a large upload's validation (decisions 083, 085): parses (when it is text)
 * and checks each batch the job's thread sends (`{ id, batch, firstLine }`) with
 * `stagedBatchLines` and answers its COPY text as UTF-8 bytes and its row hashes (`{ id, lines,
 * ms }`, `ms` the milliseconds it took; the memory of both moved, not copied: decisions 085, 086) or why it could
 * not (`{ id, error }`, `errorForThread`), in the order the batches came. `workerData` is the
 * upload's `StagedRowContext`.
 */
const context = workerData as StagedRowContext;

parentPort?.on('message', (message: { id: number; batch: DataRowBatch; firstLine: number }) => {
  const started = performance.now();
  try {
    const lines = stagedBatchLines(context, message.batch, message.firstLine);
    // Moved: the job's thread neither copies nor encodes the text.
    parentPort?.postMessage({ id: message.id, lines, ms: performance.now() - started }, [
      lines.hashes.buffer as ArrayBuffer,
      lines.text.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: errorForThread(error) });
  }
});
