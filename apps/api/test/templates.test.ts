import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimePins, outboxMessages, templates } from '../src/db/schema/index.js';
import { renderMessage } from '../src/platform/templating/render-message.js';
import { call } from './support/accounts.js';
import { addBankAccount, claimingMember } from './support/claims.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 7 "Templates": CRUD in the back office, 422 per field (Liquid errors with line and column), audit rows, messages. */
let testApp: TestApp;
let editor: Staff;
let reader: Staff;
beforeAll(async () => {
  testApp = await createTestApp();
  editor = await createStaff(testApp.app, ['templates.read', 'templates.write', 'audits.read']);
  reader = await createStaff(testApp.app, ['templates.read']);
});
afterAll(async () => testApp.close());

const post = (body: unknown, token = editor.token) => call(testApp.app, 'POST', '/api/v1/templates', { token, body });

describe('templates', () => {
  it('GET templates/create gives the kinds, the variables of each kind and the built-in messages', async () => {
    const response = await call(testApp.app, 'GET', '/api/v1/templates/create', { token: reader.token });
    expect(response.statusCode).toBe(200);
    const form = response.json();
    expect(form.kinds.map((kind: { kind: string }) => kind.kind)).toEqual([
      'faq_answer',
      'email',
      'sms',
      'push',
      'statement',
    ]);
    expect(form.kinds.find((kind: { kind: string }) => kind.kind === 'email')).toMatchObject({ hasSubject: true });
    expect(form.kinds.find((kind: { kind: string }) => kind.kind === 'sms')).toMatchObject({
      hasSubject: false,
      format: 'text',
    });
    const faqNames = form.variables.faq_answer.map((variable: { name: string }) => variable.name);
    expect(faqNames).toEqual(expect.arrayContaining(['benefit.amount', 'person.firstName', 'fund.name', 'claim']));
    expect(form.variables.sms.map((variable: { name: string }) => variable.name)).toContain('pin');
    expect(form.messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'otp', kind: 'sms', defaultBody: expect.stringContaining('{{ pin }}') }),
        expect.objectContaining({
          key: 'bank-account.changed',
          kind: 'email',
          defaultSubject: 'Your bank account was changed',
        }),
      ]),
    );
    expect(form.template).toBeNull();
  });

  it('creates, reads, edits, lists and deletes a template, with an audit row for each change', async () => {
    const created = await post({
      name: 'Claim approved email',
      kind: 'email',
      subject: 'Good news, {{ person.firstName }}',
      body: '<p>Your claim at {{ fund.name }} was approved.</p>',
    });
    expect(created.statusCode).toBe(201);
    const template = created.json();
    expect(template).toMatchObject({
      name: 'Claim approved email',
      kind: 'email',
      key: null,
      subject: 'Good news, {{ person.firstName }}',
    });

    const edit = await call(testApp.app, 'GET', `/api/v1/templates/${template.id}/edit`, { token: reader.token });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().template).toEqual(template);
    expect(edit.json().kinds).toHaveLength(5);

    const patched = await call(testApp.app, 'PATCH', `/api/v1/templates/${template.id}`, {
      token: editor.token,
      body: { body: '<p>Approved at {{ fund.name }}.</p>' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ body: '<p>Approved at {{ fund.name }}.</p>', subject: template.subject });

    const list = await call(testApp.app, 'GET', '/api/v1/templates?filter[kind]=email&q=approved', {
      token: reader.token,
    });
    expect(list.json().items.map((item: { id: number }) => item.id)).toEqual([template.id]);

    const removed = await call(testApp.app, 'DELETE', `/api/v1/templates/${template.id}`, { token: editor.token });
    expect(removed.statusCode).toBe(200);
    expect(
      (await call(testApp.app, 'GET', `/api/v1/templates/${template.id}`, { token: reader.token })).statusCode,
    ).toBe(404);

    const trail = await call(testApp.app, 'GET', `/api/v1/templates/${template.id}/audits`, { token: editor.token });
    expect(trail.statusCode).toBe(200);
    const actions = trail.json().items.map((item: { action: string }) => item.action);
    expect(actions).toEqual(['templates.deleted', 'templates.updated', 'templates.created']);
    const updated = trail.json().items[1];
    expect(updated.actor).toMatchObject({ type: 'staff', id: editor.userId });
    expect(updated.before).toEqual({ body: '<p>Your claim at {{ fund.name }} was approved.</p>' });
    expect(updated.after).toEqual({ body: '<p>Approved at {{ fund.name }}.</p>' });
  });

  it('422 per field: required name and body, a known kind, Liquid errors with line and column; nothing saved', async () => {
    const before = await testApp.app.db.$count(templates);
    const missing = await post({ name: '', kind: 'letter', body: '' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['body', 'kind', 'name']);
    expect(missing.json().errors.name).toEqual(['Field is required']);

    const broken = await post({
      name: 'Broken',
      kind: 'email',
      subject: 'Hi {{ person.firstName | shout }}',
      body: 'Line one\n  {% if benefit %}\nnever closed',
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toEqual({
      subject: ['Line 1, column 4: undefined filter: shout'],
      body: ['Line 2, column 3: tag {% if benefit %} not closed'],
    });

    const partial = await post({ name: 'Include', kind: 'faq_answer', body: 'ok\n{% include "/etc/passwd" %}' });
    expect(partial.json().errors.body[0]).toMatch(/^Line 2, column 1: .*not available/);

    const smsSubject = await post({ name: 'SMS with subject', kind: 'sms', subject: 'x', body: 'y' });
    expect(smsSubject.json().errors).toEqual({ subject: ['This kind of template has no subject.'] });
    const badKey = await post({ name: 'Bad key', kind: 'sms', key: 'OTP PIN', body: 'y' });
    expect(Object.keys(badKey.json().errors)).toEqual(['key']);
    expect(await testApp.app.db.$count(templates)).toBe(before);
  });

  it('a name, and a kind with its message key, are used once', async () => {
    expect((await post({ name: 'Once', kind: 'sms', key: 'claim.paid', body: 'Paid' })).statusCode).toBe(201);
    const again = await post({ name: 'Once', kind: 'sms', key: 'claim.paid', body: 'Paid again' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      name: ['A template with this name exists already.'],
      key: ['Another template of this kind already replaces this message.'],
    });
    expect((await post({ name: 'Other kind', kind: 'email', key: 'claim.paid', body: 'Paid' })).statusCode).toBe(201);
  });

  it('staff with read permission only cannot change templates', async () => {
    const response = await post({ name: 'Nope', kind: 'sms', body: 'x' }, reader.token);
    expect(response.statusCode).toBe(403);
  });
});

describe('messages from templates (renderMessage)', () => {
  async function latestTo(destination: string) {
    const [message] = await testApp.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.destination, destination))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    return message;
  }

  it('the OTP SMS uses the built-in text until staff save an `otp` SMS template, then theirs', async () => {
    const member = await claimingMember(testApp.app);
    const accountId = await addBankAccount(testApp.app, member);
    const url = `/api/app/benefit-claims/person-banks/${accountId}/otp`;
    expect((await call(testApp.app, 'POST', url, { token: member.token })).statusCode).toBe(200);
    const builtIn = await latestTo(member.phoneNumber);
    expect(builtIn?.body).toMatch(
      /^Your Benefit Finder PIN to confirm the change of your bank account is \d{6}\. It expires in 10 minutes\./,
    );

    const saved = await post({
      name: 'OTP SMS',
      kind: 'sms',
      key: 'otp',
      body: 'PIN {{ pin }} ({{ purposeKey }}), valid {{ expiresInMinutes }} min. Never share it.',
    });
    expect(saved.statusCode).toBe(201);
    // The PIN resend wait (60 s) has passed.
    await testApp.app.db.update(oneTimePins).set({ createdAt: new Date(Date.now() - 2 * 60_000) });
    expect((await call(testApp.app, 'POST', url, { token: member.token })).statusCode).toBe(200);
    const fromTemplate = await latestTo(member.phoneNumber);
    expect(fromTemplate?.body).toMatch(/^PIN \d{6} \(bank_account_change\), valid 10 min\. Never share it\.$/);
    await call(testApp.app, 'DELETE', `/api/v1/templates/${saved.json().id}`, { token: editor.token });
  });

  it('email: subject and text, HTML escaped and sanitized; data cannot inject markup', async () => {
    const message = await renderMessage(testApp.app.db, {
      key: 'bank-account.changed',
      kind: 'email',
      data: { accountLast4: '<img src=x onerror=alert(1)>' },
    });
    expect(message.source).toBe('default');
    expect(message.subject).toBe('Your bank account was changed');
    expect(message.text).toContain('the account ending <img src=x onerror=alert(1)>.');
    expect(message.html).toContain('ending &lt;img src=x onerror=alert(1)&gt;.');
    expect(message.html).not.toMatch(/<img/);
  });

  it('a stored template that a limit stops falls back to the built-in text; unknown keys need a fallback', async () => {
    const saved = await post({
      name: 'Runaway',
      kind: 'sms',
      key: 'bank-account.changed',
      body: '{% for i in (1..100000) %}{{ accountLast4 }}{{ accountLast4 }}{% endfor %}',
    });
    expect(saved.statusCode).toBe(201);
    const message = await renderMessage(testApp.app.db, {
      key: 'bank-account.changed',
      kind: 'sms',
      data: { accountLast4: '1234567890' },
    });
    expect(message.source).toBe('default');
    expect(message.text).toContain('ending 1234567890.');

    await expect(renderMessage(testApp.app.db, { key: 'claim.unknown', kind: 'push', data: {} })).rejects.toThrow(
      /No template or default/,
    );
    const withFallback = await renderMessage(testApp.app.db, {
      key: 'claim.approved',
      kind: 'push',
      data: { fund: { name: 'A & B Fund' } },
      fallback: { subject: 'Approved', body: 'Your claim at {{ fund.name }} was approved.' },
    });
    expect(withFallback).toMatchObject({
      subject: 'Approved',
      text: 'Your claim at A & B Fund was approved.',
      html: 'Your claim at A &amp; B Fund was approved.',
      source: 'default',
    });
  });
});
