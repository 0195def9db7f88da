import { parentPort, workerData } from 'node:worker_threads';
import { type StagedRowContext, stagedRowLines } from './staged-row-lines.js';

/**
 * The check worker of a large upload's validation (decision 083): checks each batch of rows the
 * job's thread sends (`{ id, rows, firstLine }`) with `stagedRowLines` and answers its COPY text
 * and row hashes (`{ id, batch, ms }`, `ms` the milliseconds it took; the hashes' memory moved,
 * not copied) or why it could not (`{ id, error }`), in the order the batches came. `workerData`
 * is the upload's `StagedRowContext`.
 */
const context = workerData as StagedRowContext;

parentPort?.on('message', (message: { id: number; rows: string[][]; firstLine: number }) => {
  const started = performance.now();
  try {
    const batch = stagedRowLines(context, message.rows, message.firstLine);
    parentPort?.postMessage({ id: message.id, batch, ms: performance.now() - started }, [
      batch.hashes.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
