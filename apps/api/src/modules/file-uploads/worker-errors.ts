import { AppError, type ErrorKind, type FieldErrors } from '../../platform/errors/app-error.js';

/** Why the check worker could not check a batch, as it crosses threads: an `AppError`'s parts, or a message. */
export interface WorkerError {
  message: string;
  kind?: ErrorKind;
  fieldErrors?: FieldErrors;
}

/** An error thrown in the check worker, as it is posted to the job's thread (`errorFromWorker` reads it). */
export function errorForThread(error: unknown): WorkerError {
  const message = error instanceof Error ? error.message : String(error);
  return error instanceof AppError ? { message, kind: error.kind, fieldErrors: error.fieldErrors } : { message };
}

/** The worker's error as it was thrown there: a refused row's `AppError` again, else an Error. */
export function errorFromWorker(answer: WorkerError | undefined): Error {
  if (answer?.kind) return new AppError(answer.kind, answer.message, answer.fieldErrors);
  return new Error(answer?.message ?? 'the row checks failed');
}
