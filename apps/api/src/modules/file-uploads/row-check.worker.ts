import { parentPort, workerData } from 'node:worker_threads';
import { type StagedRowContext, stagedRowLines } from './staged-row-lines.js';

/**
 * The check worker of a large upload's validation (decision 083): checks each batch of rows the
 * job's thread sends (`{ id, rows, firstLine }`) with `stagedRowLines` and answers its COPY text
 * (`{ id, text, ms }`, `ms` the milliseconds it took) or why it could not (`{ id, error }`), in
 * the order the batches came. `workerData` is the upload's `StagedRowContext`.
 */
const context = workerData as StagedRowContext;

parentPort?.on('message', (message: { id: number; rows: string[][]; firstLine: number }) => {
  const started = performance.now();
  try {
    const text = stagedRowLines(context, message.rows, message.firstLine);
    parentPort?.postMessage({ id: message.id, text, ms: performance.now() - started });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
