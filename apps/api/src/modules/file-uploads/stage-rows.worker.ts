/**
 * The worker thread of a CSV upload's validation (`staging-worker.ts` starts it): reads the file's
 * bytes as the job's thread hands them over, parses and checks the rows (`readRowBatches`,
 * `stagedLineChunks`: every budget, encoding rule and cell check as in the job's thread) and hands
 * back the staging rows as COPY text, at most `IN_FLIGHT` chunks ahead of the copy. Logs nothing
 * (the rows hold ID numbers). Messages: see `staging-worker.ts`.
 */
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../platform/errors/app-error.js';
import type { OpenFile } from '../../platform/files/file-store.js';
import { readRowBatches } from './file-reader.js';
import { type StagingParams, type StagingTimes, stagedLineChunks } from './staged-lines.js';
import type { FromJob, FromWorker } from './staging-worker.js';

/** Chunks handed over and not yet written to the copy before the worker waits. */
const IN_FLIGHT = 4;

const port = parentPort;
if (!port) throw new Error('stage-rows.worker runs as a worker thread');
const { params, head } = workerData as { params: StagingParams; head: Uint8Array };
const post = (message: FromWorker) => port.postMessage(message);

let acked: (() => void) | undefined;
let inFlight = 0;
/** Bytes of the file asked for ahead of the parser (the job's thread answers each ask with one chunk). */
const READ_AHEAD_BYTES = 1024 * 1024;
const content = new Readable({
  highWaterMark: READ_AHEAD_BYTES,
  read() {
    post({ type: 'more' });
  },
});
// Asks run ahead, so answers may come after the end: those are dropped.
let ended = false;
port.on('message', (message: FromJob) => {
  if (message.type !== 'ack' && ended) return;
  if (message.type !== 'ack' && message.type !== 'bytes') ended = true;
  if (message.type === 'bytes')
    content.push(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength));
  else if (message.type === 'end') content.push(null);
  else if (message.type === 'fail') content.destroy(new Error(message.message));
  else if (message.type === 'ack') {
    inFlight -= 1;
    acked?.();
    acked = undefined;
  }
});

// The first bytes (a range read, for the encoding and the delimiter) come with the start; the rest as one stream.
const file: OpenFile = async (range) => {
  if (!range) return content;
  const end = range.end === undefined ? undefined : range.end + 1;
  return Readable.from([Buffer.from(head.subarray(range.start, end))]);
};

const times: StagingTimes = { reading: 0, checking: 0, formatting: 0 };
try {
  for await (const chunk of stagedLineChunks(readRowBatches(file, 'csv'), params, times)) {
    if (inFlight >= IN_FLIGHT) await new Promise<void>((resolve) => (acked = resolve));
    inFlight += 1;
    post({ type: 'rows', ...chunk });
  }
  post({ type: 'done', times });
} catch (error) {
  post({
    type: 'error',
    appError:
      error instanceof AppError
        ? { kind: error.kind, message: error.message, fieldErrors: error.fieldErrors }
        : undefined,
  });
}
// The job's thread ends the worker once it has the last message.
