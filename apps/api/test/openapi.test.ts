import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { DuplicateOperationIdError, MissingOperationIdError } from '../src/platform/http/openapi.js';
import { createTestApp, type TestApp } from './support/test-app.js';

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
};

let testApp: TestApp;
let document: {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, unknown>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string }> };
};
beforeAll(async () => {
  testApp = await createTestApp();
  document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => testApp.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );
const operation = (method: string, path: string) => document.paths[path]?.[method] as Operation;

describe('OpenAPI', () => {
  it('serves a valid OpenAPI 3.1 document at /api/openapi.json, generated from the route schemas', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/health']?.get?.responses['200']).toBeDefined();
    expect(document.paths['/api/openapi.json']).toBeUndefined();
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('serves the documentation UI at /api/docs', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger');
  });
});

describe('issue 26: a document a client generator can use', () => {
  it('gives every operation a unique operationId, a summary and a description', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(150);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { key, operation } of all) {
      expect(operation.summary, key).toBeTruthy();
      expect(operation.description, key).toBeTruthy();
    }
  });

  it('names operations in the field style, from the path where the spec says little', () => {
    expect(operation('post', '/api/v2/benefitclaim/getlist').operationId).toBe('listBenefitClaims');
    expect(operation('post', '/api/v2/benefitclaim/getdetails').operationId).toBe('getBenefitClaim');
    expect(operation('get', '/api/v1/funds').operationId).toBe('listFunds');
    expect(operation('post', '/api/v1/funds').operationId).toBe('createFund');
    expect(operation('get', '/api/v1/funds/{id}').operationId).toBe('getFund');
    expect(operation('patch', '/api/v1/tasks/{id}/complete').operationId).toBe('completeTask');
    expect(operation('get', '/api/v1/users/{id}/audits').operationId).toBe('listUserAudits');
    expect(operation('delete', '/api/v1/fees/{feeId}').operationId).toBe('deleteFee');
  });

  it('takes every operationId from the route itself (schema.operationId beside its access; issue 35 item 4)', () => {
    expect(operations().filter(({ operation }) => !operation.operationId)).toEqual([]);
  });

  it('declares security from the route access: [] when public, the partner key its own scheme', () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      'memberSession',
      'partnerApiKey',
      'staffSession',
    ]);
    for (const { key, operation } of operations()) expect(operation.security, key).toBeDefined();
    expect(operation('get', '/api/health').security).toEqual([]);
    expect(operation('post', '/api/app/person-users').security).toEqual([]);
    expect(operation('post', '/api/v2/benefitclaim/getlist').security).toEqual([{ partnerApiKey: [] }]);
    expect(operation('get', '/api/v1/funds').security).toEqual([{ staffSession: [] }]);
    expect(operation('get', '/api/app/benefits').security).toEqual([{ memberSession: [] }]);
    expect(operation('get', '/api/v1/funds').description).toContain('permission `funds.read`');
    expect(operation('get', '/api/v1/funds').responses).toHaveProperty('403');
  });

  it('gives the partner calls and the member sign-up, PIN and sign-in calls request and response examples', () => {
    const withBody = [
      ['post', '/api/v2/benefitclaim/getlist'],
      ['post', '/api/v2/benefitclaim/getdetails'],
      ['post', '/api/v2/benefitclaim/approvalresponse'],
      ['post', '/api/app/person-users'],
      ['post', '/api/app/beneficiary-sessions/login'],
      ['post', '/api/app/beneficiary-sessions/verifyOtp'],
    ] as const;
    for (const [method, path] of withBody) {
      const op = operation(method, path);
      expect(op.requestBody?.content['application/json']?.example, path).toBeDefined();
      const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'))?.[1];
      expect(success?.content?.['application/json']?.example, path).toBeDefined();
      expect(op.responses['422']?.content?.['application/json']?.example, path).toMatchObject({ errors: {} });
    }
    const sendPin = operation('post', '/api/app/beneficiary-sessions/otp');
    expect(sendPin.responses['200']?.content?.['application/json']?.example).toMatchObject({ channel: 'SMS' });
  });

  it('has no component that no operation (or webhook) uses', () => {
    const text = JSON.stringify([document.paths, document.webhooks]);
    const reachable = new Set<string>();
    const pending = [text];
    while (pending.length > 0) {
      for (const [, name] of (pending.pop() ?? '').matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
        if (name && !reachable.has(name)) {
          reachable.add(name);
          pending.push(JSON.stringify(document.components.schemas[name]));
        }
      }
    }
    expect(Object.keys(document.components.schemas).sort()).toEqual([...reachable].sort());
  });

  /** Builds the app and runs `register` on it before it is ready; closes it. */
  async function withBuiltApp(register: (app: Awaited<ReturnType<typeof buildApp>>) => void): Promise<void> {
    const app = await buildApp({
      config: testApp.config,
      database: testApp.database.handle,
      logStream: { write: () => true } as unknown as NodeJS.WritableStream,
    });
    try {
      register(app);
    } finally {
      await app.close().catch(() => undefined);
    }
  }

  it('refuses to start with two operations of one operationId', async () => {
    // `GET /api/v1/fund` named getFund, as `GET /api/v1/funds/{id}` is.
    await withBuiltApp((app) =>
      expect(() =>
        app.get(
          '/api/v1/fund',
          { config: { access: { area: 'admin', permission: 'funds.read' } }, schema: { operationId: 'getFund' } },
          async () => 'x',
        ),
      ).toThrow(DuplicateOperationIdError),
    );
  });

  it('refuses to start with a route that names no operationId (issue 35 item 4)', async () => {
    await withBuiltApp((app) =>
      expect(() =>
        app.get(
          '/api/v1/unnamed',
          { config: { access: { area: 'admin', permission: 'funds.read' } } },
          async () => 'x',
        ),
      ).toThrow(MissingOperationIdError),
    );
    await withBuiltApp((app) =>
      expect(() =>
        app.get('/api/unnamed', { config: { access: 'public' }, schema: { summary: 'x' } }, async () => 'x'),
      ).toThrow(MissingOperationIdError),
    );
  });
});
