import { ERROR_CODES, type ErrorCode, type FieldCode } from '@bcp/contract';

/** HTTP status of each kind of error (DESIGN.md "Errors"). */
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

/** What went wrong, broadly: picks the status and, when a site names no code, the code. */
export type ErrorKind = keyof typeof ERROR_STATUS;

/** The catalogue code of an error whose site names none (decision 059). */
export const DEFAULT_ERROR_CODES = {
  validation: 'validation_failed',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  not_found: 'not_found',
  conflict: 'conflict',
  gone: 'gone',
  too_large: 'body_too_large',
  unsupported_media_type: 'unsupported_media_type',
  throttled: 'rate_limited',
  unavailable: 'unavailable',
  internal: 'internal',
} as const satisfies Record<ErrorKind, ErrorCode>;

/** Per-field messages of a validation failure: `{ email: ['Must be a valid email.'] }`. */
export type FieldErrors = Record<string, string[]>;

/** Per-field codes, parallel to `FieldErrors`: `{ email: ['invalid_format'] }`. */
export type FieldCodes = Record<string, FieldCode[]>;

/** What an error says besides its kind and message. */
export interface AppErrorOptions {
  /** The catalogue code (decision 059); default `DEFAULT_ERROR_CODES[kind]`. Its status must be the kind's. */
  code?: ErrorCode;
  /** Values of the message's variable parts, named as the catalogue names them (e.g. `retryAfterSeconds`). */
  params?: Record<string, string | number>;
  /** Codes parallel to `fieldErrors`; default: the error's code for each message. */
  fieldCodes?: FieldCodes;
  /** Extra response headers, e.g. `Retry-After` (seconds) on 429. */
  headers?: Record<string, string>;
}

/**
 * The one error services throw. The error handler turns it into `{ message, errors?, code,
 * params?, fieldCodes? }` (platform/errors/error-body.ts) with the kind's status; routes never
 * build error bodies by hand.
 */
export class AppError extends Error {
  override name = 'AppError';
  /** The catalogue code the answer carries. */
  readonly code: ErrorCode;
  readonly params?: Record<string, string | number>;
  readonly fieldCodes?: FieldCodes;
  readonly headers?: Record<string, string>;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly fieldErrors?: FieldErrors,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.code = options.code ?? DEFAULT_ERROR_CODES[kind];
    if (ERROR_CODES[this.code].status !== ERROR_STATUS[kind]) {
      throw new Error(`AppError: code ${this.code} is not a ${ERROR_STATUS[kind]} (${kind})`);
    }
    if (options.params) this.params = options.params;
    if (options.fieldCodes) this.fieldCodes = options.fieldCodes;
    if (options.headers) this.headers = options.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.kind];
  }
}
