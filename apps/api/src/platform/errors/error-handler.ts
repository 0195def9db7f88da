import { type ErrorCode, type FieldErrorCode, RULE_MESSAGES, VALIDATION_FAILED_MESSAGE } from '@bcp/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/client.js';
import { drainThenClose, isBodyTooLarge } from '../http/body-size.js';
import { toLoggableError } from '../logging/loggable-error.js';
import { AppError, type FieldCodes, type FieldErrors } from './app-error.js';
import { DatabaseOutageLog, isDatabaseUnavailable } from './database-outage.js';
import { errorBody, sendErrorBody } from './error-body.js';

interface ValidationItem {
  instancePath?: string;
  message?: string;
  /** The Zod issue code (`too_big`, `invalid_type`, ...), absent for the hostile-string checks. */
  keyword?: string;
  params?: { origin?: unknown };
}

/** The field code of one validation item (`fieldCodes`, decision 059). */
export function fieldCodeOf(item: ValidationItem): FieldErrorCode {
  const message = item.message ?? '';
  if (message === RULE_MESSAGES.required) return 'required';
  if (message === RULE_MESSAGES.nulCharacter) return 'nul_character';
  if (message === RULE_MESSAGES.email || message === RULE_MESSAGES.strongPassword) return 'invalid_format';
  const sized = item.params?.origin === 'number' || item.params?.origin === 'bigint' || item.params?.origin === 'date';
  switch (item.keyword) {
    case 'too_big':
      return sized ? 'too_big' : 'too_long';
    case 'too_small':
      return sized ? 'too_small' : 'too_short';
    case 'invalid_type':
      return 'invalid_type';
    case 'invalid_format':
      return 'invalid_format';
    case 'invalid_value':
      return 'invalid_value';
    case 'unrecognized_keys':
      return 'unknown_field';
  }
  return /^Must be at most \d+ characters\.$/.test(message) ? 'too_long' : 'invalid';
}

/**
 * Turns schema validation items into per-field messages keyed by dotted path (`address.city`),
 * and their codes in the same order. Field names can come from the client (unknown keys), so the
 * maps have no prototype.
 */
function toFieldErrors(
  items: ValidationItem[],
  context: string | undefined,
): { errors: FieldErrors; fieldCodes: FieldCodes } {
  const errors: FieldErrors = Object.create(null);
  const fieldCodes: FieldCodes = Object.create(null);
  for (const item of items) {
    const field = (item.instancePath ?? '').split('/').filter(Boolean).join('.') || context || 'request';
    errors[field] ??= [];
    errors[field].push(item.message ?? 'Invalid value');
    fieldCodes[field] ??= [];
    fieldCodes[field].push(fieldCodeOf(item));
  }
  return { errors, fieldCodes };
}

/** Whether a database error is a unique constraint violation (SQLSTATE 23505), as thrown or as a Drizzle error's cause. */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } };
  return candidate?.code === '23505' || candidate?.cause?.code === '23505';
}

/**
 * A multipart body the parser could not read (no boundary, a broken part, an early end): the
 * parser's own errors carry no status, so they are known by where they were made.
 */
function isMalformedMultipart(error: FastifyError): boolean {
  return (
    (error.statusCode === undefined || error.statusCode >= 500) &&
    /[\\/]@fastify[\\/]busboy[\\/]/.test(error.stack ?? '')
  );
}

/** Seconds a client should wait before retrying while the database is down. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Client-error texts and codes we answer instead of the framework's own, by status. */
const SAFE_CLIENT_ERRORS: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'bad_request', message: 'The request is malformed.' },
  404: { code: 'not_found', message: 'Not found.' },
  413: { code: 'body_too_large', message: 'Request body is too large.' },
  414: { code: 'uri_too_long', message: 'The request address is too long.' },
  415: { code: 'unsupported_media_type', message: 'Unsupported media type.' },
};

/** Our message for a body that says it is JSON and is not (not the parser's, which may quote it). */
export const MALFORMED_JSON_MESSAGE = 'The request body is not valid JSON.';

/**
 * Installs the one error handler (DESIGN.md "Errors"; issue 13 items 4, 5 and 14; decision 059):
 * every non-2xx is `{ message, errors?, code, params?, fieldCodes? }` (error-body.ts); malformed
 * JSON is 400 `malformed_json`; validation is 422 with per-field `errors`; unique violations are 409;
 * a malformed multipart body is 400; framework errors (a bad URL, an id too long) keep their 4xx
 * status in our shape; while the database cannot be reached every request that needs it is 503
 * with `Retry-After: 5`, logged once per outage; nothing from SQL or a stack trace reaches a client.
 */
export function installErrorHandling(app: FastifyInstance): void {
  const outage = new DatabaseOutageLog(app.log, () => pingDatabase(app.db));
  app.addHook('onClose', async () => outage.stop());
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    sendError(error, request, reply, outage),
  );
}

/**
 * Answers `error` in the one error shape. Also used for errors the router raises before a route
 * is found (`frameworkErrors`).
 */
export function sendError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  outage?: DatabaseOutageLog,
): FastifyReply {
  const send = (body: Parameters<typeof sendErrorBody>[2], status?: number) =>
    sendErrorBody(request, reply, body, status);
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return send(
      errorBody(error.code, error.message, {
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
        ...(error.params ? { params: error.params } : {}),
        ...(error.fieldCodes ? { fieldCodes: error.fieldCodes } : {}),
      }),
      error.status,
    );
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    const { errors, fieldCodes } = toFieldErrors(error.validation ?? [], error.validationContext);
    return send(errorBody('validation_failed', VALIDATION_FAILED_MESSAGE, { errors, fieldCodes }));
  }
  if (isUniqueViolation(error)) {
    return send(errorBody('duplicate_record', 'This record already exists.'));
  }
  if (isDatabaseUnavailable(error)) {
    outage?.record(error);
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return send(errorBody('unavailable', 'The service is briefly unavailable. Please try again shortly.'));
  }
  if (isMalformedMultipart(error)) {
    return send(errorBody('malformed_multipart', 'The multipart body is malformed.'));
  }
  const status = error.statusCode ?? 500;
  if (isBodyTooLarge(error)) {
    // The framework asked to close at once, which resets a client still sending: drain instead.
    reply.removeHeader('connection');
    drainThenClose(request, reply);
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    // The framework's text repeats the path, which may hold an ID number.
    return send(errorBody('malformed_url', 'The request address is malformed.'));
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return send(errorBody('malformed_json', MALFORMED_JSON_MESSAGE));
  }
  if (status >= 400 && status < 500) {
    // A status the catalogue has no code for is answered as a plain 400 (the code fixes the status).
    const safe = SAFE_CLIENT_ERRORS[status] ?? { code: 'bad_request', message: error.message };
    return send(errorBody(safe.code, safe.message));
  }
  request.log.error({ error: toLoggableError(error) }, 'request failed');
  return send(errorBody('internal', 'Something went wrong on our side. Please try again.'));
}
