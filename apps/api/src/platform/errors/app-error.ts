/** HTTP status for each error code (DESIGN.md "Errors"). */
export const ERROR_STATUS = {
  validation: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** Was here and is no more: an expired download link (issue 17). */
  gone: 410,
  too_large: 413,
  unsupported_media_type: 415,
  throttled: 429,
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Per-field messages of a validation failure: `{ email: ['Must be a valid email.'] }`. */
export type FieldErrors = Record<string, string[]>;

/**
 * The one error services throw. The error handler turns it into `{ message, errors? }` with the
 * code's status; routes never build error bodies by hand.
 */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldErrors,
    /** Extra response headers, e.g. `Retry-After` (seconds) on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
