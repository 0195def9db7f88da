import { findHostileStrings } from '@bcp/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';

/**
 * The validator of every route schema (body, querystring, params, headers): first the rules every
 * string obeys whatever the field (`findHostileStrings`: no NUL character, issue 13 item 3; no
 * string over 100,000 characters), then the route's Zod schema. A failure is a validation error,
 * which the one error handler answers as 422 with the field named, before any service or the
 * database sees the value.
 *
 * A body schema that accepts no value (`.optional()`, `.prefault({})`: an optional body, issue 39
 * item 2) is given no value when the request has no body (Fastify passes `null` for it).
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]);
  const optionalBody = route.httpPart === 'body' && isOptionalBody(route.schema);
  return (input: unknown) => {
    const data = optionalBody && input === null ? undefined : input;
    const issues = findHostileStrings(data);
    if (issues.length > 0) {
      return {
        error: issues.map((issue) => ({
          instancePath: issue.path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''),
          message: issue.message,
        })),
      } as unknown as ReturnType<typeof validate>;
    }
    return validate(data);
  };
};

/** Whether a route's body schema (Zod) accepts a request without a body. */
export function isOptionalBody(schema: unknown): boolean {
  const parse = (schema as { safeParse?: (value: unknown) => { success: boolean } } | undefined)?.safeParse;
  return typeof parse === 'function' && parse.call(schema, undefined).success;
}
