import { findHostileStrings } from '@bcp/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';

/**
 * The validator of every route schema (body, querystring, params, headers): first the rules every
 * string obeys whatever the field (`findHostileStrings`: no NUL character, issue 13 item 3; no
 * string over 100,000 characters), then the route's Zod schema. A failure is a validation error,
 * which the one error handler answers as 422 with the field named, before any service or the
 * database sees the value.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]);
  return (data: unknown) => {
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
