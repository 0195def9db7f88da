import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * OpenAPI 3.1 generated from the routes' Zod schemas: JSON at `GET /api/openapi.json`, the
 * interactive UI at `/api/docs`. Must be installed before any route is registered.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Benefits claim platform API',
        version: '0.1.0',
        description:
          'Beneficiary app (`/api/app`, beneficiary session token), back office (`/api/v1`, admin session token and ' +
          'permissions) and partner API (`/api/v2`, partner API key). Every non-2xx response is `ErrorResponse`; ' +
          'state-changing calls from browsers echo the `XSRF-TOKEN` cookie in the `X-XSRF-TOKEN` header.',
      },
      components: {
        securitySchemes: {
          bearerToken: { type: 'http', scheme: 'bearer', description: 'Session token from sign-in.' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The docs page sets its own policy; it must not be framed either (issue 13 item 10).
    transformStaticCSP: (header) => `${header}; frame-ancestors 'none'`,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
