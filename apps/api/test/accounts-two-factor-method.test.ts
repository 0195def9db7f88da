import { ACCOUNT_MESSAGES, RULE_MESSAGES } from '@bcp/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimePins, outboxMessages } from '../src/db/schema/index.js';
import { call, latestOtp, signUpMember } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

const put = (token: string, body: unknown) =>
  call(testApp.app, 'PUT', '/api/app/person-users/me/twoFactorMethod', { token, body });

describe('PUT person-users/{id}/twoFactorMethod (notification settings)', () => {
  it('confirms a new email with a PIN sent to it, then switches, and tells the old destination', async () => {
    const member = await signUpMember(testApp.app);
    const asked = await put(member.token, { twoFactorMethod: 'EMAIL', email: 'New.Address@Example.co.za' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({
      otpRequired: true,
      otp: { channel: 'EMAIL', destination: 'ne***@example.co.za' },
    });
    const otp = await latestOtp(testApp.app, 'new.address@example.co.za');

    const wrong = await put(member.token, {
      twoFactorMethod: 'EMAIL',
      email: 'new.address@example.co.za',
      otp: otp === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ otp: [ACCOUNT_MESSAGES.otpWrong] });

    const done = await put(member.token, { twoFactorMethod: 'EMAIL', email: 'new.address@example.co.za', otp });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      twoFactorMethod: 'EMAIL',
      email: 'new.address@example.co.za',
      phoneNumber: member.phoneNumber,
    });

    const told = await testApp.app.db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.destination, member.phoneNumber), eq(outboxMessages.purpose, 'account.contact_changed')),
      );
    expect(told).toHaveLength(1);
  });

  it('switches back at once to a destination already proven by a PIN', async () => {
    const member = await signUpMember(testApp.app);
    const response = await put(member.token, {
      twoFactorMethod: 'SMS',
      phoneNumber: member.phoneNumber.replace('+27', '0'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ twoFactorMethod: 'SMS', phoneNumber: member.phoneNumber });
  });

  it('does not accept a PIN sent to another destination', async () => {
    const member = await signUpMember(testApp.app);
    await put(member.token, { twoFactorMethod: 'EMAIL', email: 'first.choice@example.co.za' });
    const otp = await latestOtp(testApp.app, 'first.choice@example.co.za');
    const response = await put(member.token, { twoFactorMethod: 'EMAIL', email: 'second.choice@example.co.za', otp });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ otp: [ACCOUNT_MESSAGES.otpRequired] });
  });

  it("requires the chosen method's field ('Field is required') and a valid email (spec 5), changing nothing", async () => {
    const member = await signUpMember(testApp.app);
    const missing = await put(member.token, { twoFactorMethod: 'EMAIL', phoneNumber: member.phoneNumber });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ email: ['Field is required'] });
    const invalid = await put(member.token, { twoFactorMethod: 'EMAIL', email: 'not-valid' });
    expect(invalid.json().errors).toEqual({ email: [RULE_MESSAGES.email] });
    const phone = await put(member.token, { twoFactorMethod: 'SMS', phoneNumber: '' });
    expect(phone.json().errors).toEqual({ phoneNumber: ['Field is required'] });
    const me = await call(testApp.app, 'GET', '/api/app/person-users/me', { token: member.token });
    expect(me.json()).toMatchObject({ twoFactorMethod: 'SMS', email: member.email });
  });

  it("refuses another account's email", async () => {
    const a = await signUpMember(testApp.app);
    const b = await signUpMember(testApp.app);
    const response = await put(a.token, { twoFactorMethod: 'EMAIL', email: b.email });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [ACCOUNT_MESSAGES.emailInUse] });
  });

  it('throttles PINs to a new destination (429)', async () => {
    const member = await signUpMember(testApp.app);
    expect((await put(member.token, { twoFactorMethod: 'EMAIL', email: 'busy@example.co.za' })).statusCode).toBe(202);
    const again = await put(member.token, { twoFactorMethod: 'EMAIL', email: 'busy@example.co.za' });
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
    await testApp.app.db
      .update(oneTimePins)
      .set({ createdAt: sql`${oneTimePins.createdAt} - interval '2 minutes'` })
      .where(eq(oneTimePins.destination, 'busy@example.co.za'));
    expect((await put(member.token, { twoFactorMethod: 'EMAIL', email: 'busy@example.co.za' })).statusCode).toBe(202);
  });
});
