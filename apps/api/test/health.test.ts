import { HealthResponse, ReadinessResponse } from '@bcp/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

describe('GET /api/health', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  it('answers 200 when the database answers', async () => {
    testApp = await createTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(HealthResponse.parse(response.json())).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('answers 503 with the error shape when the database does not answer', async () => {
    testApp = await createTestApp();
    await testApp.database.handle.close();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'The database is not answering.', code: 'unavailable' });
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** README "Deployment": the readiness check a load balancer sends traffic by. */
describe('GET /api/ready', () => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  it('answers 200 without Redis when the database answers (a single process)', async () => {
    testApp = await createTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(ReadinessResponse.parse(response.json())).toMatchObject({ status: 'ready', redis: 'not-used' });
  });

  it('answers 200 with Redis up, and 503 once the database stops answering', async () => {
    testApp = await createTestApp({ env: { REDIS_URL } });
    const ready = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ReadinessResponse.parse(ready.json())).toMatchObject({ database: 'up', redis: 'up' });
    await testApp.database.handle.close();
    const down = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ message: 'The database is not answering.', code: 'unavailable' });
  });

  it('answers 503 once the process is shutting down (the load balancer stops sending it traffic)', async () => {
    // Something still finishing keeps the process closing (as running jobs do, up to 5 s).
    let release: () => void = () => undefined;
    const finishing = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => undefined;
    const closingStarted = new Promise<void>((resolve) => {
      entered = resolve;
    });
    testApp = await createTestApp({
      listen: true,
      prepare: (app) => {
        app.addHook('preClose', () => {
          entered();
          return finishing;
        });
      },
    });
    const url = `${testApp.baseUrl}/api/ready`;
    expect((await fetch(url)).status).toBe(200);
    const closing = testApp.app.close();
    await closingStarted;
    const response = await fetch(url, { headers: { connection: 'close' } });
    await response.arrayBuffer();
    release();
    await closing;
    // Fastify answers every request 503 once closing has begun (return503OnClosing), readiness included.
    expect(response.status).toBe(503);
  });

  it('answers 503 when the Redis it uses does not answer, while the liveness check still answers 200', async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    testApp = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ message: 'Redis is not answering.', code: 'unavailable' });
    expect((await testApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
