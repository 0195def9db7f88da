import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES_EXTENSION } from '../src/platform/http/openapi-error-codes.js';
import { assertErrorContract, checkErrorContract } from './support/error-contract.js';

/*
 * Issue 39 "Done when": the suite-wide error contract check (installed by `createTestApp` on every
 * test app) must be able to fail. A small app whose document declares one operation answers in
 * each way the check refuses, and once as it should.
 */

const document = {
  openapi: '3.1.0',
  info: { title: 'Error contract check', version: '1' },
  paths: {
    '/api/things/{id}': {
      get: { responses: { '404': { description: 'Not found', [ERROR_CODES_EXTENSION]: ['not_found'] } } },
    },
  },
};

async function appWithAnswers() {
  const app = Fastify();
  app.decorate('swagger', () => document);
  const contract = checkErrorContract(app);
  app.get('/api/things/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (id === 'fine') return reply.status(404).send({ message: 'Not found.', code: 'not_found' });
    if (id === 'unknown') return reply.status(404).send({ message: 'Not found.', code: 'no_such_code' });
    if (id === 'wrong-status') return reply.status(404).send({ message: 'Conflict.', code: 'conflict' });
    if (id === 'undocumented') return reply.status(409).send({ message: 'Conflict.', code: 'conflict' });
    return reply.status(404).send({ message: 'Not found.', code: 'claim_not_found' });
  });
  await app.ready();
  return { app, contract };
}

describe('the error contract check (decision 059)', () => {
  it('passes an answer whose code is in the catalogue, at its status, declared for the operation', async () => {
    const { app, contract } = await appWithAnswers();
    await app.inject({ method: 'GET', url: '/api/things/fine' });
    expect(contract.violations).toEqual([]);
    expect(() => assertErrorContract(contract)).not.toThrow();
    await app.close();
  });

  it('names each broken answer: unknown code, code of another status, undocumented status, undeclared code', async () => {
    const { app, contract } = await appWithAnswers();
    for (const id of ['unknown', 'wrong-status', 'undocumented', 'undeclared']) {
      await app.inject({ method: 'GET', url: `/api/things/${id}` });
    }
    expect(contract.violations).toEqual([
      'GET /api/things/{id} 404: code "no_such_code" is not in the catalogue',
      'GET /api/things/{id} 404: code conflict is a 409 in the catalogue',
      `GET /api/things/{id} 404: code conflict not among the documented ${ERROR_CODES_EXTENSION}`,
      'GET /api/things/{id} 409 (conflict): status not documented',
      `GET /api/things/{id} 404: code claim_not_found not among the documented ${ERROR_CODES_EXTENSION}`,
    ]);
    expect(() => assertErrorContract(contract)).toThrow(/break the error contract/);
    await app.close();
  });
});
