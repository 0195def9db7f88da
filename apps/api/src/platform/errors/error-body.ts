import { ERROR_CODES, type ErrorCode, type ErrorResponse, type FieldCode } from '@bcp/contract';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FieldCodes, FieldErrors } from './app-error.js';

/** The one error body (decision 059): `{ message, errors?, code, params?, fieldCodes? }`. */
export type ErrorBody = ErrorResponse;

/** The media type of RFC 9457 problem details. */
export const PROBLEM_JSON = 'application/problem+json';

/** Where problem details are offered when the client asks for them: the partner API. */
const PROBLEM_PREFIX = '/api/v2/';

/** The problem type URI of `code` (RFC 9457 `type`): stable, one per catalogue code. */
export function problemType(code: ErrorCode): string {
  return `urn:bcp:problem:${code}`;
}

/**
 * An error body: `message` and `errors` as the spec words them, `code` from the catalogue,
 * `params` for the message's variable parts, `fieldCodes` parallel to `errors` (a field's
 * messages get `code`, or `invalid` for a generic `validation_failed`, when `fieldCodes` gives none).
 */
export function errorBody(
  code: ErrorCode,
  message: string,
  extras: { errors?: FieldErrors; params?: Record<string, string | number>; fieldCodes?: FieldCodes } = {},
): ErrorBody {
  const body: ErrorBody = { message, code };
  if (extras.errors) {
    body.errors = extras.errors;
    // A rule of the call (`otp_wrong`) names its field's problem; a generic 422 does not.
    const fallback: FieldCode = code === 'validation_failed' ? 'invalid' : code;
    const fieldCodes: FieldCodes = Object.create(null);
    for (const [field, messages] of Object.entries(extras.errors)) {
      const given = extras.fieldCodes?.[field];
      fieldCodes[field] = messages.map((_, index) => given?.[index] ?? given?.[0] ?? fallback);
    }
    body.fieldCodes = fieldCodes;
  }
  if (extras.params) body.params = extras.params;
  return body;
}

/** Whether the client prefers RFC 9457 problem details (only offered on the partner API). */
function wantsProblem(request: FastifyRequest): boolean {
  if (!request.url.startsWith(PROBLEM_PREFIX)) return false;
  const accept = request.headers.accept;
  if (typeof accept !== 'string' || !accept.includes(PROBLEM_JSON)) return false;
  return negotiate(accept, ['application/json', PROBLEM_JSON]) === PROBLEM_JSON;
}

/**
 * Sends `body` with its code's status (`status` overrides it only for statuses the catalogue
 * cannot know, such as a framework's 405). Every error answer goes through here: the error
 * handler, the not-found handlers, the body-size guard. On the partner API, when `Accept` prefers
 * `application/problem+json`, the answer is an RFC 9457 problem (`type` `urn:bcp:problem:<code>`,
 * `title`, `status`, `detail` = `message`) that keeps `message`, `code`, `errors`, `params` and
 * `fieldCodes` as extension members; otherwise `application/json`.
 */
export function sendErrorBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: ErrorBody,
  status: number = ERROR_CODES[body.code].status,
): FastifyReply {
  reply.status(status);
  if (!wantsProblem(request)) return reply.send(body);
  const problem = {
    type: problemType(body.code),
    title: ERROR_CODES[body.code].description,
    status,
    detail: body.message,
    ...body,
  };
  // Sent as text: the route's response schema describes the JSON shape, not the problem's.
  return reply.type(`${PROBLEM_JSON}; charset=utf-8`).send(JSON.stringify(problem));
}
