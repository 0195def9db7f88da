import { VALIDATION_FAILED_MESSAGE } from '@bcp/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { toLoggableError } from '../logging/loggable-error.js';
import { AppError, type FieldErrors } from './app-error.js';

interface ValidationItem {
  instancePath?: string;
  message?: string;
}

/** Turns schema validation items into per-field messages keyed by dotted path (`address.city`). */
function toFieldErrors(items: ValidationItem[], context: string | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const item of items) {
    const field = (item.instancePath ?? '').split('/').filter(Boolean).join('.') || context || 'request';
    errors[field] ??= [];
    errors[field].push(item.message ?? 'Invalid value');
  }
  return errors;
}

function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } };
  return candidate?.code === '23505' || candidate?.cause?.code === '23505';
}

const SAFE_CLIENT_MESSAGES: Record<number, string> = {
  413: 'Request body is too large.',
  415: 'Unsupported media type.',
};

/**
 * Installs the one error handler and the JSON not-found handler for `/api` (DESIGN.md "Errors"):
 * every non-2xx is `{ message, errors? }`; validation is 422 with per-field `errors`; unique
 * violations are 409; nothing from SQL or a stack trace reaches a client.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
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
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: SAFE_CLIENT_MESSAGES[status] ?? error.message });
    }
    request.log.error({ error: toLoggableError(error) }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
