import { ACCOUNT_MESSAGES, buildSaIdNumber, RULE_MESSAGES, SA_ID_NUMBER_MESSAGES } from '@bcp/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimePins, personUsers } from '../src/db/schema/index.js';
import { call, createPerson, latestOtp, STRONG_PASSWORD, signUpMember } from './support/accounts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

const body = (idNumber: string, overrides: Record<string, unknown> = {}) => ({
  idNumber,
  email: 'Lindiwe.Khumalo@Example.co.za',
  phoneNumber: '082 123 4567',
  password: STRONG_PASSWORD,
  passwordConfirmation: STRONG_PASSWORD,
  twoFactorMethod: 'SMS',
  acceptTerms: true,
  ...overrides,
});

async function personUserCount() {
  const [row] = await testApp.app.db.select({ value: count() }).from(personUsers);
  return row?.value ?? 0;
}

describe('POST /api/app/person-users (sign-up)', () => {
  it('creates the account linked to the person, starts an unverified session and sends a PIN by SMS', async () => {
    const { idNumber, personId } = await createPerson(testApp.app, 'Lindiwe');
    const response = await call(testApp.app, 'POST', '/api/app/person-users', { body: body(idNumber) });
    expect(response.statusCode).toBe(201);
    const session = response.json();
    expect(session.apiToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.verified).toBe(false);
    // Before the PIN the contact details and ID number are masked (issue 13 item 7).
    expect(session.personUser).toEqual({
      id: expect.any(Number),
      email: 'li***@example.co.za',
      phoneNumber: '+27 ** *** *567',
      twoFactorMethod: 'SMS',
      iidentifiiVerified: false,
      firstName: 'Lindiwe',
      idNumber: `*********${idNumber.slice(-4)}`,
      language: 'en',
    });
    expect(session.otp).toMatchObject({ channel: 'SMS', destination: '+27 ** *** *567' });
    expect(response.body).not.toContain('password');

    const [stored] = await testApp.app.db.select().from(personUsers).where(eq(personUsers.id, session.personUser.id));
    expect(stored?.personId).toBe(personId);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.termsAcceptedAt).toBeInstanceOf(Date);

    // The PIN went to the phone, and only its HMAC is stored.
    const otp = await latestOtp(testApp.app, '+27821234567');
    const pins = await testApp.app.db
      .select()
      .from(oneTimePins)
      .where(eq(oneTimePins.subjectId, session.personUser.id));
    expect(pins).toHaveLength(1);
    expect(pins[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(pins)).not.toContain(otp);
  });

  it('sends the first PIN by email when the member chooses EMAIL', async () => {
    const { idNumber } = await createPerson(testApp.app);
    const response = await call(testApp.app, 'POST', '/api/app/person-users', {
      body: body(idNumber, { email: 'zanele@example.co.za', phoneNumber: '', twoFactorMethod: 'EMAIL' }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().otp).toMatchObject({ channel: 'EMAIL', destination: 'za***@example.co.za' });
    expect(await latestOtp(testApp.app, 'zanele@example.co.za')).toMatch(/^\d{6}$/);
  });

  it('answers bad input with 422 per field, with the spec messages, and creates nothing', async () => {
    const before = await personUserCount();
    const response = await call(testApp.app, 'POST', '/api/app/person-users', {
      body: {
        idNumber: '8001015009088',
        email: 'not-an-email',
        phoneNumber: '12',
        password: 'weak',
        passwordConfirmation: 'other',
        twoFactorMethod: 'SMS',
        acceptTerms: false,
      },
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.idNumber).toEqual([SA_ID_NUMBER_MESSAGES.checksum]);
    expect(errors.email).toEqual([RULE_MESSAGES.email]);
    expect(errors.phoneNumber).toEqual([ACCOUNT_MESSAGES.phoneNumber]);
    expect(errors.password).toEqual([RULE_MESSAGES.strongPassword]);
    expect(errors.acceptTerms).toEqual([ACCOUNT_MESSAGES.acceptTerms]);
    expect(await personUserCount()).toBe(before);
  });

  it("requires the chosen method's destination ('Field is required') and matching passwords", async () => {
    const { idNumber } = await createPerson(testApp.app);
    const response = await call(testApp.app, 'POST', '/api/app/person-users', {
      body: body(idNumber, { phoneNumber: '', passwordConfirmation: 'Different#2026' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      phoneNumber: ['Field is required'],
      passwordConfirmation: [ACCOUNT_MESSAGES.passwordsDiffer],
    });
  });

  it('refuses an ID number with no benefits recorded', async () => {
    const response = await call(testApp.app, 'POST', '/api/app/person-users', {
      body: body(buildSaIdNumber('1999-12-31', 4321)),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ idNumber: [ACCOUNT_MESSAGES.noBenefitsForIdNumber] });
  });

  it('refuses a second account for the same ID number without saying more', async () => {
    const member = await signUpMember(testApp.app);
    const response = await call(testApp.app, 'POST', '/api/app/person-users', {
      body: body(member.idNumber, { email: 'someone.else@example.co.za', phoneNumber: '0831112222' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: ACCOUNT_MESSAGES.accountExists,
      errors: { idNumber: [ACCOUNT_MESSAGES.accountExists] },
      code: 'account_exists',
      fieldCodes: { idNumber: ['account_exists'] },
    });
    expect(response.body).not.toContain(member.email);
  });

  it('refuses an email another account uses', async () => {
    const member = await signUpMember(testApp.app);
    const { idNumber } = await createPerson(testApp.app);
    const response = await call(testApp.app, 'POST', '/api/app/person-users', {
      body: body(idNumber, { email: member.email.toUpperCase(), phoneNumber: '0839998888' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [ACCOUNT_MESSAGES.emailInUse] });
  });

  it('gives an unverified session no access to verified calls until the PIN is entered', async () => {
    const { idNumber } = await createPerson(testApp.app);
    const response = await call(testApp.app, 'POST', '/api/app/person-users', {
      body: body(idNumber, { email: 'nandi@example.co.za', phoneNumber: '0824445555' }),
    });
    const { apiToken } = response.json();
    const settings = await call(testApp.app, 'PUT', '/api/app/person-users/me/twoFactorMethod', {
      token: apiToken,
      body: { twoFactorMethod: 'SMS', phoneNumber: '0824445555' },
    });
    expect(settings.statusCode).toBe(403);
    expect(settings.json()).toEqual({
      message: 'Enter the PIN we sent you to finish signing in.',
      code: 'verification_required',
    });
  });
});
