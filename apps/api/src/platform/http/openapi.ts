import { ErrorResponse } from '@bcp/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../auth/route-access.js';
import { finishOpenApiDocument, OPTIONAL_BODY, RATE_LIMITED } from './openapi-document.js';
import { ERROR_CODES_MARK, errorCodesOfRoute } from './openapi-error-codes.js';
import type { Throttle } from './rate-limit.js';
import { isOptionalBody } from './validation.js';

/** The security schemes: which token a caller presents (`Authorization: Bearer ...`). */
const SECURITY_SCHEMES = {
  memberSession: {
    type: 'http',
    scheme: 'bearer',
    description: "A member's session token, from `signIn` (`POST /api/app/beneficiary-sessions/login`).",
  },
  staffSession: {
    type: 'http',
    scheme: 'bearer',
    description: "A staff user's session token, from `signInStaff` (`POST /api/v1/admin-sessions/login`).",
  },
  partnerApiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'bcp_pk_...',
    description: 'A partner API key (`bcp_pk_...`), created by staff for the partner (docs/partners.md).',
  },
} as const;

/**
 * The `security` of a public route that also reads a member's session when one is sent (its answer
 * differs): anonymous, or a member's token. Such a route sets it in its schema.
 */
export const OPTIONAL_MEMBER_SESSION: Record<string, string[]>[] = [{}, { memberSession: [] }];

/** The `security` of an operation, from the access its route declares (`config.access`). */
function securityOf(access: RouteAccess): Record<string, string[]>[] {
  if (access === 'public') return [];
  const scheme = { beneficiary: 'memberSession', admin: 'staffSession', partner: 'partnerApiKey' }[access.area];
  return [{ [scheme]: [] }];
}

/** Who may call, in a sentence appended to every operation's description. */
function whoMayCall(access: RouteAccess): string {
  if (access === 'public') return 'Public: no token needed.';
  if (access.area === 'partner')
    return 'Partner API key (`partnerApiKey`); only claims of the funds the partner serves.';
  if (access.area === 'beneficiary') {
    return access.verified === false
      ? "A member's session (`memberSession`), before or after the sign-in PIN."
      : "A member's session (`memberSession`) whose sign-in PIN was entered.";
  }
  if ('permission' in access)
    return `A staff session (\`staffSession\`) past its PIN, with permission \`${access.permission}\`.`;
  return access.session === 'signing-in'
    ? 'Any staff session (`staffSession`), before or after its PIN.'
    : 'Any staff session (`staffSession`) past its PIN.';
}

/**
 * The answers as documented, for a file route (one that declares `produces`, e.g. `text/csv` or
 * `application/pdf`; issue 34 item 11): its file types for the success answers only, and every
 * error answer (4xx, 5xx) as `application/json`, the `ErrorResponse` it really sends. Left as they
 * are: the answers of any other route, and an answer that already names its media types.
 */
function withJsonErrors(schema: FastifySchema, response: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray((schema as { produces?: unknown }).produces)) return response;
  const documented: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(response)) {
    const isError = /^[45]/.test(status) || status === 'default';
    const named = typeof answer === 'object' && answer !== null && 'content' in answer;
    documented[status] = isError && !named ? { content: { 'application/json': { schema: answer } } } : answer;
  }
  return documented;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * The route's schema as documented: its own operationId (`schema.operationId`), `security` and the
 * access sentence from `config.access` (a public route may set `OPTIONAL_MEMBER_SESSION`), the
 * implied error answers, and a file route's errors as JSON (`withJsonErrors`). Builds new objects: the
 * route's own schema (which Fastify serializes with) is left as it is.
 */
function documentRoute(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { route } = input;
  const access = route.config?.access;
  const schema = input.schema as FastifySchema & { description?: string; hide?: boolean; security?: unknown };
  if (!access || schema?.hide) return jsonSchemaTransform(input);
  const throttle = (route.config as { throttle?: Throttle | readonly Throttle[] } | undefined)?.throttle;
  const own = (schema.response ?? {}) as Record<string, unknown>;
  const errorCodes = errorCodesOfRoute({
    methods: [route.method].flat().map(String),
    url: route.url,
    schema,
    access,
    throttles: throttle === undefined ? [] : Array.isArray(throttle) ? throttle : [throttle as Throttle],
    errorCodes: route.config?.errorCodes,
    declaredStatuses: Object.keys(own)
      .map(Number)
      .filter((status) => status >= 400),
  });
  // The error answers the route's kind implies (access check, parsing, validation, throttles), where
  // the route does not list them itself.
  const implied = Object.fromEntries(Object.keys(errorCodes).map((status) => [status, ErrorResponse]));
  const response = withJsonErrors(schema, { ...implied, ...own });
  const result = jsonSchemaTransform({ ...input, schema: { ...schema, response } as typeof input.schema });
  const description = [schema.description, whoMayCall(access)].filter(Boolean).join('\n\n');
  return {
    ...result,
    schema: {
      ...result.schema,
      operationId: schema.operationId,
      security: securityOf(access),
      description,
      // Marks finishOpenApiDocument turns into `requestBody.required: false` and rate-limit headers.
      ...(schema.body && isOptionalBody(schema.body) ? { [OPTIONAL_BODY]: true } : {}),
      ...(throttle ? { [RATE_LIMITED]: true } : {}),
      ...{ [ERROR_CODES_MARK]: errorCodes },
    },
  };
}

/** `/api/v1/funds/:id` -> `/api/v1/funds/{id}` (the OpenAPI document's form of a Fastify path). */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Thrown at start for a documented route that declares no `schema.operationId`. */
export class MissingOperationIdError extends Error {
  override name = 'MissingOperationIdError';
}

/** Thrown at start when two operations would share an operationId. */
export class DuplicateOperationIdError extends Error {
  override name = 'DuplicateOperationIdError';
}

/**
 * Refuses, as each route is registered (so the server does not start), a documented route (under
 * `/api`, with `config.access`, not hidden) that declares no `schema.operationId` beside its access
 * and schema (`MissingOperationIdError`), and a second operation with an operationId another
 * already has (`DuplicateOperationIdError`): a generated client's function names come from them.
 * Install after `installAccessControl`, so that a route without access is refused for that first,
 * and before any route.
 */
export function checkOperationIds(app: FastifyInstance): void {
  const owners = new Map<string, string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { hide?: boolean; operationId?: unknown } | undefined;
    if (!route.url?.startsWith('/api') || !route.config?.access || schema?.hide) return;
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    if (methods.length === 0) return;
    const operation = `${methods.join(',')} ${openApiPath(route.url)}`;
    const id = schema?.operationId;
    if (typeof id !== 'string' || id === '') {
      throw new MissingOperationIdError(`Route ${operation} declares no schema.operationId`);
    }
    const owner = owners.get(id);
    if (owner && owner !== operation) {
      throw new DuplicateOperationIdError(`operationId ${id} of ${operation} is already ${owner}'s`);
    }
    owners.set(id, operation);
  });
}

/**
 * OpenAPI 3.1 generated from the routes' Zod schemas: JSON at `GET /api/openapi.json`, the
 * interactive UI at `/api/docs`. Every operation has the unique operationId its route declares
 * (`checkOperationIds`), `security` from its declared access (`[]` when public), a description saying who may
 * call it; unused components are left out (openapi-document.ts). Install before any route.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Benefits claim platform API',
        version: '0.1.0',
        description:
          'Beneficiary app (`/api/app`, member session token), back office (`/api/v1`, staff session token and ' +
          'permissions) and partner API (`/api/v2`, partner API key; see docs/partners.md). Every non-2xx response is ' +
          '`ErrorResponse` with a `code` from the error catalogue, and each error answer lists the codes it can carry ' +
          'in `x-error-codes`; any operation may also answer 500 `internal`, or 503 `unavailable` with `Retry-After` ' +
          'during an outage. On `/api/v2`, `Accept: application/problem+json` gets RFC 9457 problem details. ' +
          'State-changing calls from browsers echo the `XSRF-TOKEN` cookie in the `X-XSRF-TOKEN` header.',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: documentRoute,
    transformObject: (input) => finishOpenApiDocument(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The docs page sets its own policy; it must not be framed either (issue 13 item 10).
    transformStaticCSP: (header) => `${header}; frame-ancestors 'none'`,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
