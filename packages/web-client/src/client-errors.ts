/*
 * The client's own error codes, apart from the HTTP client (ky, qs) so that an app can translate
 * them without loading the client in its first page (issue 40 item 1).
 */

/**
 * Codes of the client's own errors (status 0: there was no usable answer), in the body's `code`
 * like the server's catalogue codes, so apps show them by code, not by their English `message`.
 */
export const CLIENT_ERROR_CODES = ['no_answer', 'timed_out', 'bad_answer', 'upload_cancelled'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** The body of a client error: its code and an English message (for logs and the back office). */
export interface ClientErrorBody {
  code: ClientErrorCode;
  message: string;
}
