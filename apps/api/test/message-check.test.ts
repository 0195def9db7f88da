import { MESSAGE_CHECK_MESSAGES, MESSAGE_KINDS } from '@bcp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageReferences, outboxMessages } from '../src/db/schema/index.js';
import {
  MESSAGE_CHECK_LIMIT_PER_DESTINATION_PER_HOUR,
  MESSAGE_CHECK_LIMIT_PER_IP_PER_HOUR,
} from '../src/modules/message-check/app.routes.js';
import { call, type Member, signUpMember } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
let smsMember: Member;
let emailMember: Member;

beforeAll(async () => {
  testApp = await createTestApp();
  smsMember = await signUpMember(testApp.app);
  emailMember = await signUpMember(testApp.app, { twoFactorMethod: 'EMAIL' });
});
afterAll(async () => testApp.close());

let addresses = 0;
/** `POST /api/app/message-check` from an address of its own unless one is given. */
const check = (body: unknown, remoteAddress = `10.77.0.${++addresses}`) =>
  call(testApp.app, 'POST', '/api/app/message-check', { body, remoteAddress });

/** The reference code of the newest PIN message to a destination, as the message shows it (`ABCD-EFGH`). */
async function latestReference(destination: string): Promise<string> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/dev/otp?destination=${encodeURIComponent(destination)}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().referenceCode;
}

const notFromUs = {
  fromUs: false,
  sentAt: null,
  channel: null,
  kind: null,
  kindText: null,
  message: MESSAGE_CHECK_MESSAGES.notFromUs,
  advice: `${MESSAGE_CHECK_MESSAGES.notFromUsAdvice} ${MESSAGE_CHECK_MESSAGES.advice}`,
};

describe('POST /api/app/message-check (Is this message from us?)', () => {
  it('answers yes for the sign-in PIN SMS, with only its time, channel and kind', async () => {
    const reference = await latestReference(smsMember.phoneNumber);
    expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const [row] = await testApp.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.referenceCode, reference.replace('-', '')));
    const [record] = await testApp.app.db
      .select()
      .from(messageReferences)
      .where(eq(messageReferences.referenceCode, reference.replace('-', '')));
    // Typed in lower case without the hyphen, and the number as people write it locally.
    const local = `0${smsMember.phoneNumber.slice(3, 5)} ${smsMember.phoneNumber.slice(5, 8)} ${smsMember.phoneNumber.slice(8)}`;
    const response = await check({ referenceCode: reference.replace('-', '').toLowerCase(), destination: local });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      fromUs: true,
      sentAt: record?.createdAt.toISOString(),
      channel: 'sms',
      kind: 'pin',
      kindText: MESSAGE_KINDS.pin,
      message: MESSAGE_CHECK_MESSAGES.fromUs,
      advice: MESSAGE_CHECK_MESSAGES.advice,
    });
    // Never the content, the purpose or who it was for.
    expect(response.body).not.toContain(row?.body.match(/\d{6}/)?.[0] as string);
    expect(response.body).not.toMatch(/sign_in|otp\.|personUser|recipient/);
  });

  it('answers yes for an email, the address in any case and the code with spaces', async () => {
    const reference = await latestReference(emailMember.email);
    const response = await check({
      referenceCode: ` ${reference.replace('-', ' ')} `,
      destination: emailMember.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ fromUs: true, channel: 'email', kind: 'pin' });
  });

  it('keeps only a keyed hash of the destination, and still answers once the outbox row is purged', async () => {
    const reference = (await latestReference(emailMember.email)).replace('-', '');
    const records = await testApp.app.db.select().from(messageReferences);
    expect(records.length).toBeGreaterThanOrEqual(2);
    const stored = JSON.stringify(records);
    for (const member of [smsMember, emailMember]) {
      expect(stored).not.toContain(member.email);
      expect(stored).not.toContain(member.phoneNumber.slice(3));
    }
    for (const record of records) expect(record.destinationHash).toMatch(/^[0-9a-f]{64}$/);
    await testApp.app.db.delete(outboxMessages).where(eq(outboxMessages.referenceCode, reference));
    const response = await check({ referenceCode: reference, destination: emailMember.email });
    expect(response.json()).toMatchObject({ fromUs: true, channel: 'email', kind: 'pin' });
  });

  it('answers no, in one shape, for an unknown code and for a real code to another destination', async () => {
    const reference = await latestReference(smsMember.phoneNumber);
    const unknown = await check({ referenceCode: 'ZZZZ-ZZZZ', destination: smsMember.phoneNumber });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(notFromUs);
    const elsewhere = await check({ referenceCode: reference, destination: emailMember.email });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json()).toEqual(notFromUs);
    const otherNumber = await check({ referenceCode: reference, destination: '+27829999999' });
    expect(otherNumber.json()).toEqual(notFromUs);
    expect(notFromUs.advice).toContain('We never ask you for money');
  });

  it.each([
    ['a code of the wrong length', { referenceCode: 'ABC-DEF', destination: '+27821234567' }, 'referenceCode'],
    ['a code with U', { referenceCode: 'ABCD-EFGU', destination: '+27821234567' }, 'referenceCode'],
    ['an over-long code', { referenceCode: 'A'.repeat(500), destination: '+27821234567' }, 'referenceCode'],
    ['a NUL in the code', { referenceCode: 'ABCD\u0000EFGH', destination: '+27821234567' }, 'referenceCode'],
    ['neither a number nor an email', { referenceCode: 'ABCD-EFGH', destination: 'hello there' }, 'destination'],
    ['a bad email', { referenceCode: 'ABCD-EFGH', destination: 'a@b' }, 'destination'],
  ])('refuses %s with 422 and a message for that field', async (_case, body, field) => {
    const response = await check(body);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('refuses a missing body and fields that are not strings with 422', async () => {
    const response = await check({ referenceCode: 12345678, destination: ['x'] });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['destination', 'referenceCode']);
    expect((await check(undefined)).statusCode).toBe(422);
  });

  it('throttles per IP before reading the body: 429 with Retry-After even for a malformed body', async () => {
    const ip = '10.78.0.1';
    for (let index = 0; index < MESSAGE_CHECK_LIMIT_PER_IP_PER_HOUR; index += 1) {
      const response = await check({ referenceCode: 'bad', destination: 'bad' }, ip);
      expect(response.statusCode).toBe(422);
    }
    const limited = await call(testApp.app, 'POST', '/api/app/message-check', {
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      body: '{"not json',
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many attempts/);
  });

  it('throttles per destination across addresses, however the number is written', async () => {
    const destination = '+27825550999';
    for (let index = 0; index < MESSAGE_CHECK_LIMIT_PER_DESTINATION_PER_HOUR; index += 1) {
      const typed = index % 2 === 0 ? destination : '082 555 0999';
      const response = await check({ referenceCode: `ZZZZ-ZZ${String(index).padStart(2, '0')}`, destination: typed });
      expect(response.statusCode).toBe(200);
    }
    const limited = await check({ referenceCode: 'ZZZZ-ZZZZ', destination: '0825550999' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another destination from a fresh address is unaffected.
    expect((await check({ referenceCode: 'ZZZZ-ZZZZ', destination: '+27825550998' })).statusCode).toBe(200);
  });
});
