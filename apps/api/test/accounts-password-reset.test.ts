import { ACCOUNT_MESSAGES, RULE_MESSAGES } from '@bcp/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimePins, outboxMessages, passwordResetTokens } from '../src/db/schema/index.js';
import { call, latestOtp, type Member, signUpMember } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

const NEW_PASSWORD = 'Winter@Rain2027';

async function ageOtps(destination: string) {
  await testApp.app.db
    .update(oneTimePins)
    .set({ createdAt: sql`${oneTimePins.createdAt} - interval '2 hours'` })
    .where(eq(oneTimePins.destination, destination));
}

async function outboxFor(destination: string, purpose: string) {
  return testApp.app.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.destination, destination), eq(outboxMessages.purpose, purpose)));
}

describe('password reset', () => {
  let member: Member;
  beforeAll(async () => {
    member = await signUpMember(testApp.app);
    await ageOtps(member.phoneNumber);
  });

  it('reset-password-user shows only the masked destination, and a stable decoy of the same shape for unknown accounts', async () => {
    const known = await call(
      testApp.app,
      'GET',
      `/api/app/beneficiary-sessions/reset-password-user?identifier=${member.idNumber}`,
    );
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ channel: 'SMS', destination: `+27 ** *** *${member.phoneNumber.slice(-3)}` });

    const unknownUrl = '/api/app/beneficiary-sessions/reset-password-user?identifier=8001015009087';
    const unknown = await call(testApp.app, 'GET', unknownUrl);
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(unknown.json()).sort()).toEqual(['channel', 'destination']);
    expect(unknown.json().destination).toMatch(/^\+27 \*\* \*\*\* \*\d{3}$/);
    expect((await call(testApp.app, 'GET', unknownUrl)).json()).toEqual(unknown.json());

    const unknownEmail = await call(
      testApp.app,
      'GET',
      '/api/app/beneficiary-sessions/reset-password-user?identifier=ghost@gmail.com',
    );
    expect(unknownEmail.json()).toMatchObject({
      channel: 'EMAIL',
      destination: expect.stringMatching(/^..\*\*\*@gmail\.com$/),
    });
  });

  it('reset-password-request answers unknown accounts the same way and sends nothing', async () => {
    const response = await call(testApp.app, 'POST', '/api/app/beneficiary-sessions/reset-password-request', {
      body: { identifier: 'nobody.here@example.co.za' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ channel: 'EMAIL', destination: expect.stringContaining('@example.co.za') });
    expect(await outboxFor('nobody.here@example.co.za', 'otp.password_reset')).toHaveLength(0);
  });

  it('a wrong PIN, and any PIN for an unknown account, get the same answer', async () => {
    const unknown = await call(testApp.app, 'POST', '/api/app/beneficiary-session/verify-reset-password-otp', {
      body: { identifier: 'nobody.here@example.co.za', otp: '123456' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ otp: [ACCOUNT_MESSAGES.otpWrong] });
  });

  it('sends a PIN, exchanges it for a reset token, sets the password, ends every session and tells the member', async () => {
    const requested = await call(testApp.app, 'POST', '/api/app/beneficiary-sessions/reset-password-request', {
      body: { identifier: member.email },
    });
    expect(requested.json()).toEqual({ channel: 'SMS', destination: `+27 ** *** *${member.phoneNumber.slice(-3)}` });
    const otp = await latestOtp(testApp.app, member.phoneNumber);

    const wrong = await call(testApp.app, 'POST', '/api/app/beneficiary-session/verify-reset-password-otp', {
      body: { identifier: member.email, otp: otp === '000000' ? '111111' : '000000' },
    });
    expect(wrong.json().errors).toEqual({ otp: [ACCOUNT_MESSAGES.otpWrong] });

    const verified = await call(testApp.app, 'POST', '/api/app/beneficiary-session/verify-reset-password-otp', {
      body: { identifier: member.email, otp },
    });
    expect(verified.statusCode).toBe(200);
    const { resetToken } = verified.json();
    const tokens = await testApp.app.db.select().from(passwordResetTokens);
    expect(JSON.stringify(tokens)).not.toContain(resetToken);

    const weak = await call(testApp.app, 'POST', '/api/app/beneficiary-session/reset-password', {
      body: { resetToken, password: 'weakpass', passwordConfirmation: 'weakpass' },
    });
    expect(weak.json().errors).toEqual({ password: [RULE_MESSAGES.strongPassword] });

    const reset = await call(testApp.app, 'POST', '/api/app/beneficiary-session/reset-password', {
      body: { resetToken, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);

    // Every session ended.
    expect((await call(testApp.app, 'GET', '/api/app/person-users/me', { token: member.token })).json()).toBeNull();
    // The member is told by email and by SMS.
    expect(await outboxFor(member.email, 'account.password_changed')).toHaveLength(1);
    expect(await outboxFor(member.phoneNumber, 'account.password_changed')).toHaveLength(1);
    // The old password no longer works; the new one does.
    await ageOtps(member.phoneNumber);
    const old = await call(testApp.app, 'POST', '/api/app/beneficiary-sessions/login', {
      body: { identifier: member.idNumber, password: member.password },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await call(testApp.app, 'POST', '/api/app/beneficiary-sessions/login', {
      body: { identifier: member.idNumber, password: NEW_PASSWORD },
    });
    expect(fresh.statusCode).toBe(200);

    // The token is single use.
    const reused = await call(testApp.app, 'POST', '/api/app/beneficiary-session/reset-password', {
      body: { resetToken, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    expect(reused.json().errors).toEqual({ resetToken: [ACCOUNT_MESSAGES.resetTokenInvalid] });
  });

  it('refuses an expired reset token', async () => {
    const other = await signUpMember(testApp.app);
    await ageOtps(other.phoneNumber);
    await call(testApp.app, 'POST', '/api/app/beneficiary-sessions/reset-password-request', {
      body: { identifier: other.idNumber },
    });
    const otp = await latestOtp(testApp.app, other.phoneNumber);
    const { resetToken } = (
      await call(testApp.app, 'POST', '/api/app/beneficiary-session/verify-reset-password-otp', {
        body: { identifier: other.idNumber, otp },
      })
    ).json();
    await testApp.app.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await call(testApp.app, 'POST', '/api/app/beneficiary-session/reset-password', {
      body: { resetToken, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(422);
  });

  it('limits reset requests per identifier and IP (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/app/beneficiary-sessions/reset-password-request',
        remoteAddress: '10.9.9.9',
        cookies: { 'XSRF-TOKEN': 'x' },
        headers: { 'x-xsrf-token': 'x' },
        payload: { identifier: 'flood@example.co.za' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
