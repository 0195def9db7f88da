import { rmSync, writeFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../src/db/schema/index.js';
import { installOpenApi } from '../src/platform/http/openapi.js';
import { demoPartnerKeyPath } from '../src/platform/messaging/demo-partner-key.js';
import { devOutboxRoutes } from '../src/platform/messaging/dev-outbox.routes.js';
import { createMessenger, type Messenger } from '../src/platform/messaging/messenger.js';
import { createTestApp, PRODUCTION_ENV, type TestApp } from './support/test-app.js';

/**
 * Registers the plugin under test unless the server already did (app.ts registers it outside
 * production); in production the plugin itself must register nothing.
 */
async function withDevOutboxRoutes(app: FastifyInstance): Promise<void> {
  if (!app.hasRoute({ method: 'GET', url: '/api/dev/outbox' })) await app.register(devOutboxRoutes, { prefix: '/api' });
}

/** Table rows of the outbox page (the header row is in `<thead>`). */
function bodyRows(html: string): string[] {
  const tbody = html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>'));
  return tbody.match(/<tr>[\s\S]*?<\/tr>/g) ?? [];
}

let testApp: TestApp;
let messenger: Messenger;

beforeAll(async () => {
  testApp = await createTestApp({ prepare: withDevOutboxRoutes });
  // No SMTP or SMS gateway configured: messages are only recorded (status not_configured).
  messenger = createMessenger({
    db: testApp.app.db,
    config: testApp.config,
    log: testApp.app.log,
    jobs: testApp.app.jobs,
  });
});
afterAll(async () => {
  await messenger.flush();
  await testApp.close();
});

describe('GET /api/dev/outbox (development only)', () => {
  it('shows the latest 50 messages, newest first, as an HTML page without script', async () => {
    await testApp.app.db.delete(outboxMessages);
    for (let index = 1; index <= 52; index++) {
      await messenger.send({
        channel: 'sms',
        destination: '+27820000001',
        purpose: `test.message_${index}`,
        text: `Message number ${index}`,
      });
    }
    const response = await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(response.body).not.toMatch(/<script/i);
    const rows = bodyRows(response.body);
    expect(rows).toHaveLength(50);
    expect(rows[0]).toContain('test.message_52');
    expect(rows[0]).toContain('Message number 52');
    expect(rows[0]).toContain('+27820000001');
    expect(rows[0]).toContain('not_configured');
    expect(rows[0]).toContain('sms');
    expect(rows[0]).toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/);
    expect(rows[49]).toContain('test.message_3');
    expect(response.body).not.toContain('test.message_2<');
  });

  it('HTML-escapes everything it shows, including the filter it echoes', async () => {
    await messenger.send({
      channel: 'email',
      destination: 'mallory@example.com',
      purpose: 'test.<i>purpose</i>',
      subject: 'Hello <b>"you"</b> & \'them\'',
      text: 'Body <script>alert("body")</script>',
      html: '<p onclick="steal()">Hi</p><script>alert(1)</script>',
    });
    const page = await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Body &lt;script&gt;alert(&quot;body&quot;)&lt;/script&gt;');
    expect(page.body).toContain('Hello &lt;b&gt;&quot;you&quot;&lt;/b&gt; &amp; &#39;them&#39;');
    expect(page.body).toContain('test.&lt;i&gt;purpose&lt;/i&gt;');
    expect(page.body).toContain(
      '&lt;p onclick=&quot;steal()&quot;&gt;Hi&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(page.body).not.toMatch(/<script|<b>|<i>|onclick="/i);

    const filtered = await testApp.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?destination=${encodeURIComponent('"><script>alert(2)</script>')}`,
    });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.body).toContain('value="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');
    expect(filtered.body).not.toMatch(/<script/i);
    expect(bodyRows(filtered.body)).toEqual([expect.stringContaining('No messages.')]);
  });

  it('filters by ?destination= (emails in any case; E.164 with an encoded or a bare +)', async () => {
    await messenger.send({
      channel: 'email',
      destination: 'thandi@example.co.za',
      purpose: 'test.filter',
      subject: 'For Thandi',
      text: 'Only for Thandi',
    });
    await messenger.send({
      channel: 'email',
      destination: 'other@example.co.za',
      purpose: 'test.filter',
      subject: 'For someone else',
      text: 'Someone else',
    });
    await messenger.send({
      channel: 'sms',
      destination: '+27829998877',
      purpose: 'test.filter',
      text: 'SMS for Thandi',
    });

    const byEmail = await testApp.app.inject({
      method: 'GET',
      url: '/api/dev/outbox?destination=Thandi@Example.co.za',
    });
    const emailRows = bodyRows(byEmail.body);
    expect(emailRows).toHaveLength(1);
    expect(emailRows[0]).toContain('Only for Thandi');
    expect(byEmail.body).not.toContain('Someone else');

    for (const query of ['%2B27829998877', '+27829998877']) {
      const byNumber = await testApp.app.inject({ method: 'GET', url: `/api/dev/outbox?destination=${query}` });
      const numberRows = bodyRows(byNumber.body);
      expect(numberRows).toHaveLength(1);
      expect(numberRows[0]).toContain('SMS for Thandi');
    }
  });

  it('shows the demo partner API key from <DATA_DIR>/demo-partner-key.txt, escaped, and nothing without it (issue 41 item 4)', async () => {
    const keyFile = demoPartnerKeyPath(testApp.config.dataDir);
    rmSync(keyFile, { force: true });
    const without = await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(without.body).not.toContain('Demo partner API key');

    writeFileSync(keyFile, 'bcp_demo<b>key</b>123\n', { mode: 0o600 });
    try {
      const page = await testApp.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h2 id="demo-partner-key">Demo partner API key</h2>');
      expect(page.body).toContain('<code>bcp_demo&lt;b&gt;key&lt;/b&gt;123</code>');
      expect(page.body).not.toContain('<b>key</b>');
      expect(page.body).toContain('<code>demo-partner-key.txt</code> in the data folder');
    } finally {
      rmSync(keyFile, { force: true });
    }
  });
});

describe('GET /api/dev/otp (development only)', () => {
  it('answers the 6-digit code of the newest otp.* message to the destination', async () => {
    const destination = 'otp-reader@example.com';
    const email = (purpose: string, text: string) =>
      messenger.send({ channel: 'email', destination, purpose, subject: 'Your PIN', text, secrets: ['x'] });
    await email('otp.sign_in', 'Your PIN is 111111.');
    const newest = await email('otp.password_reset', 'Reference 12345678. Your PIN is 222222.');
    // Newer, but not an OTP message; and an OTP to someone else.
    await email('password.changed', 'Your password was changed at 333333.');
    await messenger.send({
      channel: 'email',
      destination: 'else@example.com',
      purpose: 'otp.sign_in',
      subject: 'PIN',
      text: '444444',
    });

    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/dev/otp?destination=${encodeURIComponent('OTP-Reader@example.com')}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({
      otp: '222222',
      referenceCode: `${newest.referenceCode.slice(0, 4)}-${newest.referenceCode.slice(4)}`,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
    });
    const [row] = await testApp.app.db.select().from(outboxMessages).where(eq(outboxMessages.id, newest.outboxId));
    expect(body.createdAt).toBe(row?.createdAt.toISOString());
  });

  it('finds an SMS code by E.164 number, with the + encoded or bare', async () => {
    await messenger.send({ channel: 'sms', destination: '+27831112233', purpose: 'otp.sign_in', text: 'PIN: 987654' });
    for (const query of ['%2B27831112233', '+27831112233']) {
      const response = await testApp.app.inject({ method: 'GET', url: `/api/dev/otp?destination=${query}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().otp).toBe('987654');
    }
  });

  it('answers 404 { message } when no OTP message was sent to the destination', async () => {
    await messenger.send({
      channel: 'email',
      destination: 'no-otp@example.com',
      purpose: 'password.changed',
      subject: 'Changed',
      text: 'Changed at 123456',
    });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/dev/otp?destination=no-otp@example.com' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No one-time PIN was sent to this destination.', code: 'not_found' });
  });

  it('answers 422 when the destination is missing', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/dev/otp' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { destination: ['Field is required'] },
      code: 'validation_failed',
      fieldCodes: { destination: ['required'] },
    });
  });

  it('documents both routes in a valid OpenAPI document', async () => {
    // A server with only the OpenAPI platform and this plugin, so the check covers these routes alone.
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('db', testApp.app.db);
    app.decorate('config', testApp.config);
    await installOpenApi(app);
    await app.register(devOutboxRoutes, { prefix: '/api' });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document.paths['/api/dev/outbox'].get.parameters).toEqual([
        expect.objectContaining({ in: 'query', name: 'destination', required: false }),
      ]);
      expect(document.paths['/api/dev/otp'].get.parameters).toEqual([
        expect.objectContaining({ in: 'query', name: 'destination', required: true }),
      ]);
      expect(document.paths['/api/dev/otp'].get.responses['404']).toBeDefined();
      await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeDefined();
    } finally {
      await app.close();
    }
  });
});

describe('development routes in production', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp({
      env: PRODUCTION_ENV,
      prepare: withDevOutboxRoutes,
    });
  });
  afterAll(async () => production.close());

  it('registers neither /api/dev/outbox nor /api/dev/otp when config.env is production', async () => {
    expect(production.config.env).toBe('production');
    const productionMessenger = createMessenger({
      db: production.app.db,
      config: production.config,
      log: production.app.log,
      jobs: production.app.jobs,
    });
    await productionMessenger.send({
      channel: 'sms',
      destination: '+27821234567',
      purpose: 'otp.sign_in',
      text: 'PIN: 246810',
      secrets: ['246810'],
    });
    for (const url of ['/api/dev/outbox', '/api/dev/otp?destination=%2B27821234567']) {
      const response = await production.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    }
    // No development route at all (printRoutes would also match `firebase/device`).
    for (const [method, url] of [
      ['GET', '/api/dev/outbox'],
      ['GET', '/api/dev/otp'],
      ['POST', '/api/dev/notifications'],
      ['GET', '/api/dev/device'],
    ] as const) {
      expect(production.app.hasRoute({ method, url })).toBe(false);
    }
  });
});
