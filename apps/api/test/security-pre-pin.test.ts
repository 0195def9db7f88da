import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimePins } from '../src/db/schema/index.js';
import { hashPassword } from '../src/platform/auth/passwords.js';
import { call, createPerson, latestOtp, STRONG_PASSWORD } from './support/accounts.js';
import { createPersonUser } from './support/fixtures.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The raw values that must not appear before the PIN, also as bare digits. */
function secretsOf(member: { idNumber: string; email: string; phoneNumber: string }): string[] {
  return [
    member.idNumber,
    member.email,
    member.phoneNumber,
    member.phoneNumber.replace('+', ''),
    member.phoneNumber.slice(3),
  ];
}

describe('issue 13 item 7: nothing personal before the PIN', () => {
  it('sign-up, sign-in and person-users/me answer the ID number, email and phone masked until the PIN', async () => {
    const person = await createPerson(t.app);
    const member = { idNumber: person.idNumber, email: 'nomsa.pin@example.co.za', phoneNumber: '+27825557788' };
    const signUp = await call(t.app, 'POST', '/api/app/person-users', {
      remoteAddress: '10.250.0.1',
      body: {
        ...member,
        password: STRONG_PASSWORD,
        passwordConfirmation: STRONG_PASSWORD,
        twoFactorMethod: 'SMS',
        acceptTerms: true,
      },
    });
    expect(signUp.statusCode).toBe(201);
    const { apiToken } = signUp.json();
    // A new sign-in PIN may go to the phone now (the 60 s resend rule).
    await t.app.db
      .update(oneTimePins)
      .set({ createdAt: sql`${oneTimePins.createdAt} - make_interval(secs => 120)` })
      .where(eq(oneTimePins.destination, member.phoneNumber));
    const pending = [
      signUp,
      await call(t.app, 'GET', '/api/app/person-users/me', { token: apiToken }),
      await t.app.inject({
        method: 'POST',
        url: '/api/app/beneficiary-sessions/login',
        remoteAddress: '10.250.0.2',
        cookies: { 'XSRF-TOKEN': 'x' },
        headers: { 'x-xsrf-token': 'x' },
        payload: { identifier: member.email, password: STRONG_PASSWORD },
      }),
    ];
    for (const answer of pending) {
      for (const secret of secretsOf(member)) expect(answer.body).not.toContain(secret);
      const personUser = answer.json().personUser ?? answer.json();
      expect(personUser.idNumber).toBe(`*********${member.idNumber.slice(-4)}`);
      expect(personUser.email).toBe('no***@example.co.za');
      expect(personUser.phoneNumber).toBe('+27 ** *** *788');
    }

    const otp = await latestOtp(t.app, member.phoneNumber);
    // The latest PIN is the sign-in's, bound to that session.
    const signInToken = pending[2]?.json().apiToken as string;
    const verified = await call(t.app, 'POST', '/api/app/beneficiary-sessions/verifyOtp', {
      token: signInToken,
      body: { otp },
      remoteAddress: '10.250.0.1',
    });
    expect(verified.json().personUser).toMatchObject(member);
    const me = await call(t.app, 'GET', '/api/app/person-users/me', { token: signInToken });
    expect(me.json()).toMatchObject(member);
  });

  /** Every way the member's ID number, email and phone could show whole, however formatted. */
  function rawValuesOf(member: { idNumber: string; email: string; phoneNumber: string }): string[] {
    const national = member.phoneNumber.slice(3);
    return [
      member.idNumber,
      member.idNumber.slice(0, 9),
      member.email,
      member.email.split('@')[0] as string,
      member.phoneNumber,
      member.phoneNumber.slice(1),
      national,
      `0${national}`,
    ];
  }

  it('signing in by ID number (PIN by email): the login answer and person-users/{own id} and /me are masked until the PIN, whole after', async () => {
    const member = { email: 'zodwa.pinless@example.co.za', phoneNumber: '+27836664321' };
    const user = await createPersonUser(t.app.db, {
      ...member,
      twoFactorMethod: 'EMAIL',
      passwordHash: await hashPassword(STRONG_PASSWORD),
    });
    const whole = { ...member, idNumber: user.idNumber };

    const login = await call(t.app, 'POST', '/api/app/beneficiary-sessions/login', {
      remoteAddress: '10.251.0.1',
      body: { identifier: user.idNumber, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const token: string = login.json().apiToken;
    const pending = [
      login,
      await call(t.app, 'GET', '/api/app/person-users/me', { token }),
      await call(t.app, 'GET', `/api/app/person-users/${user.personUserId}`, { token }),
    ];
    for (const answer of pending) {
      expect(answer.statusCode).toBe(200);
      for (const raw of rawValuesOf(whole)) expect(answer.body).not.toContain(raw);
      const personUser = answer.json().personUser ?? answer.json();
      // What the PIN screen needs, masked as it shows destinations.
      expect(personUser).toEqual({
        id: user.personUserId,
        email: 'zo***@example.co.za',
        phoneNumber: '+27 ** *** *321',
        twoFactorMethod: 'EMAIL',
        iidentifiiVerified: false,
        firstName: user.firstName,
        idNumber: `*********${user.idNumber.slice(-4)}`,
        language: 'en',
      });
    }
    expect(login.json().otp).toMatchObject({ channel: 'EMAIL', destination: 'zo***@example.co.za' });

    const verified = await call(t.app, 'POST', '/api/app/beneficiary-sessions/verifyOtp', {
      remoteAddress: '10.251.0.1',
      token,
      body: { otp: await latestOtp(t.app, member.email) },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().personUser).toMatchObject(whole);
    for (const path of ['me', String(user.personUserId)]) {
      const me = await call(t.app, 'GET', `/api/app/person-users/${path}`, { token });
      expect(me.json()).toMatchObject(whole);
    }
  });
});
