import { VALIDATION_FAILED_MESSAGE } from '@bcp/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/client.js';
import { drainThenClose, isBodyTooLarge } from '../http/body-size.js';
import { toLoggableError } from '../logging/loggable-error.js';
import { AppError, type FieldErrors } from './app-error.js';
import { DatabaseOutageLog, isDatabaseUnavailable } from './database-outage.js';

interface ValidationItem {
  instancePath?: string;
  message?: string;
}

/**
 * Turns schema validation items into per-field messages keyed by dotted path (`address.city`).
 * Field names can come from the client (unknown keys), so the map has no prototype.
 */
function toFieldErrors(items: ValidationItem[], context: string | undefined): FieldErrors {
  const errors: FieldErrors = Object.create(null);
  for (const item of items) {
    const field = (item.instancePath ?? '').split('/').filter(Boolean).join('.') || context || 'request';
    errors[field] ??= [];
    errors[field].push(item.message ?? 'Invalid value');
  }
  return errors;
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

/** Client-error texts we answer instead of the framework's own. */
const SAFE_CLIENT_MESSAGES: Record<number, string> = {
  413: 'Request body is too large.',
  414: 'The request address is too long.',
  415: 'Unsupported media type.',
};

/**
 * Installs the one error handler (DESIGN.md "Errors"; issue 13 items 4, 5 and 14): every non-2xx
 * is `{ message, errors? }`; validation is 422 with per-field `errors`; unique violations are 409;
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
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    return reply
      .status(error.status)
      .send(error.fieldErrors ? { message: error.message, errors: error.fieldErrors } : { message: error.message });
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return reply.status(422).send({
      message: VALIDATION_FAILED_MESSAGE,
      errors: toFieldErrors(error.validation ?? [], error.validationContext),
    });
  }
  if (isUniqueViolation(error)) {
    return reply.status(409).send({ message: 'This record already exists.' });
  }
  if (isDatabaseUnavailable(error)) {
    outage?.record(error);
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return reply.status(503).send({ message: 'The service is briefly unavailable. Please try again shortly.' });
  }
  if (isMalformedMultipart(error)) {
    return reply.status(400).send({ message: 'The multipart body is malformed.' });
  }
  const status = error.statusCode ?? 500;
  if (isBodyTooLarge(error)) {
    // The framework asked to close at once, which resets a client still sending: drain instead.
    reply.removeHeader('connection');
    drainThenClose(request, reply);
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    // The framework's text repeats the path, which may hold an ID number.
    return reply.status(400).send({ message: 'The request address is malformed.' });
  }
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ message: SAFE_CLIENT_MESSAGES[status] ?? error.message });
  }
  request.log.error({ error: toLoggableError(error) }, 'request failed');
  return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
}
