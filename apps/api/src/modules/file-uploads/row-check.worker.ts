import { parentPort, workerData } from 'node:worker_threads';
import type { DataRowBatch } from './file-reader.js';
import { type StagedRowContext, stagedBatchLines } from './staged-row-lines.js';
import { errorForThread } from './worker-errors.js';

/**
 * The check worker of a large upload's validation (decisions 083, 085): parses (when it is text)
 * and checks each batch the job's thread sends (`{ id, batch, firstLine }`) with
 * `stagedBatchLines` and answers its COPY text as UTF-8 bytes and its row hashes (`{ id, lines,
 * ms }`, `ms` the milliseconds it took; the memory of both moved, not copied) or why it could
 * not (`{ id, error }`, `errorForThread`), in the order the batches came. `workerData` is the
 * upload's `StagedRowContext`.
 */
const context = workerData as StagedRowContext;
const encoder = new TextEncoder();

parentPort?.on('message', (message: { id: number; batch: DataRowBatch; firstLine: number }) => {
  const started = performance.now();
  try {
    const { text, hashes } = stagedBatchLines(context, message.batch, message.firstLine);
    // As UTF-8 bytes, moved: the job's thread neither copies nor encodes the text (decision 085).
    const bytes = encoder.encode(text);
    parentPort?.postMessage({ id: message.id, lines: { text: bytes, hashes }, ms: performance.now() - started }, [
      hashes.buffer as ArrayBuffer,
      bytes.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: errorForThread(error) });
  }
});
