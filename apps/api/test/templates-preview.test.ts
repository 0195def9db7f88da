import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templates } from '../src/db/schema/index.js';
import { call } from './support/accounts.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// Issue 19: the template editor's live preview, rendered by the server.
let testApp: TestApp;
let reader: Staff;
beforeAll(async () => {
  testApp = await createTestApp();
  reader = await createStaff(testApp.app, ['templates.read']);
});
afterAll(async () => testApp.close());

const preview = (body: object, token = reader.token) =>
  call(testApp.app, 'POST', '/api/v1/templates/preview', { token, body });

describe('POST /api/v1/templates/preview', () => {
  it('renders an email with the sample member, benefit and fund, escaped and sanitized, and stores nothing', async () => {
    const response = await preview({
      kind: 'email',
      subject: 'Your {{ benefit.benefitType }} benefit',
      body: '<p>Dear {{ person.firstName }}, {{ fund.name }} owes you {{ benefit.amount }}.</p><script>alert(1)</script>{{ "<b>x</b>" }}',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      subject: 'Your withdrawal benefit',
      body: '<p>Dear Zanele, Demo Retirement Fund owes you R 3 450,00.</p>&lt;b&gt;x&lt;/b&gt;',
      format: 'html',
    });
    const [stored] = await testApp.app.db.select({ n: count() }).from(templates);
    expect(stored?.n).toBe(0);
  });

  it('renders an SMS as plain text with the message variables, and no subject', async () => {
    const response = await preview({ kind: 'sms', subject: 'ignored', body: 'PIN {{ pin }} {{ purpose }} & more' });
    expect(response.json()).toEqual({ subject: null, body: 'PIN 123456 to sign in & more', format: 'text' });
  });

  it('answers a broken template with 422 naming the line and column', async () => {
    const response = await preview({ kind: 'email', subject: 'Hi {{ x | nope }}', body: 'one\n{% if benefit %}open' });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.body[0]).toMatch(/^Line 2, column 1: /);
    expect(errors.subject[0]).toMatch(/^Line 1, column \d+: .*nope/);
  });

  it('checks its input: 422 for an unknown kind or an empty body', async () => {
    const response = await preview({ kind: 'letter', body: '' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['body', 'kind']);
  });

  it('needs templates.read (403 without it, 401 without a token)', async () => {
    const other = await createStaff(testApp.app, ['faqs.read']);
    expect((await preview({ kind: 'sms', body: 'x' }, other.token)).statusCode).toBe(403);
    expect(
      (await call(testApp.app, 'POST', '/api/v1/templates/preview', { body: { kind: 'sms', body: 'x' } })).statusCode,
    ).toBe(401);
  });
});
