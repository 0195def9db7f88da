import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { notifications, outboxMessages, personUsers } from '../src/db/schema/index.js';
import { startDraftClaim } from '../src/modules/benefit-claims/benefit-claims.service.js';
import { moveClaim } from '../src/modules/benefit-claims/claim-moves.service.js';
import { call, signUpMember } from './support/accounts.js';
import { claimingMember } from './support/claims.js';
import { startSmsGateway } from './support/message-servers.js';
import { createStaff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// Issue 21 item 5 (decision 036): the member's language is recorded and their messages follow it.

let testApp: TestApp;
let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
const SYSTEM = { type: 'system' as const, id: null };

beforeAll(async () => {
  gateway = await startSmsGateway();
  testApp = await createTestApp({ env: { SMS_GATEWAY_URL: gateway.url } });
});
afterAll(async () => {
  await testApp.close();
  await gateway.close();
});

/** The texts the SMS gateway was given for a number, oldest first. */
function smsTo(phoneNumber: string): string[] {
  return gateway.requests
    .filter((request) => (request.body as { to?: string }).to === phoneNumber)
    .map((request) => (request.body as { message: string }).message);
}

/** The reference code (`ABCD-EFGH`) of the newest PIN to a destination, from the development outbox. */
async function latestReference(destination: string): Promise<string> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/dev/otp?destination=${encodeURIComponent(destination)}`,
  });
  return response.json().referenceCode;
}

describe("the member's language (decision 036)", () => {
  it('records Afrikaans at sign-up and sends the PIN SMS in Afrikaans, with the reference code and the check line', async () => {
    const member = await signUpMember(testApp.app, { language: 'af' });
    const [row] = await testApp.app.db.select().from(personUsers).where(eq(personUsers.id, member.personUserId));
    expect(row?.language).toBe('af');
    const me = await call(testApp.app, 'GET', '/api/app/person-users/me', { token: member.token });
    expect(me.json().language).toBe('af');

    await testApp.app.messenger.flush();
    const [sms] = smsTo(member.phoneNumber);
    const reference = await latestReference(member.phoneNumber);
    expect(sms).toMatch(/^Jou Benefit Finder-PIN om aan te teken is \d{6}\. Dit verval oor 10 minute\./);
    expect(sms).toContain(
      `Verw. ${reference}. Is dit van ons? Kyk by ${testApp.config.publicUrl.replace(/\/$/, '')}/check-message`,
    );
    expect(sms).not.toMatch(/Your Benefit Finder PIN|Is this from us/);
    const [stored] = await testApp.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.referenceCode, reference.replace('-', '')));
    expect(stored?.language).toBe('af');
  });

  it('sends English to a member who chose no language, as before', async () => {
    const member = await signUpMember(testApp.app);
    await testApp.app.messenger.flush();
    const [sms] = smsTo(member.phoneNumber);
    expect(sms).toMatch(/^Your Benefit Finder PIN to sign in is \d{6}\./);
    expect(sms).toContain(`Ref ${await latestReference(member.phoneNumber)}. Is this from us? Check at`);
  });

  it('changes the language by PUT person-users/me/language; a claim move then reaches the member in isiZulu', async () => {
    const member = await claimingMember(testApp.app);
    const changed = await call(testApp.app, 'PUT', '/api/app/person-users/me/language', {
      token: member.token,
      body: { language: 'zu' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: member.personUserId, language: 'zu' });

    const { claim } = await startDraftClaim(
      testApp.app.db,
      { id: member.benefitId, fundId: member.fundId, status: 'unclaimed' },
      member.personUserId,
      SYSTEM,
      null,
    );
    await moveClaim(testApp.app, { claimId: claim.id, from: 'draft', to: 'submitted', actor: SYSTEM });
    await expect.poll(() => smsTo(member.phoneNumber).length, { timeout: scaled(15_000) }).toBe(1);
    const [notification] = await testApp.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.personUserId, member.personUserId));
    expect(notification?.title).toBe('Isicelo sithunyelwe');
    const [sms] = smsTo(member.phoneNumber);
    expect(sms).toMatch(/^Isicelo sithunyelwe: Sisitholile isicelo sakho ku-/);
    expect(sms).toMatch(/Inkomba [0-9A-Z]{4}-[0-9A-Z]{4}\. Ingabe lokhu kuvela kithi\? Hlola ku-http/);
  });

  it('refuses an unknown language with 422 and changes nothing', async () => {
    const member = await signUpMember(testApp.app, { language: 'zu' });
    for (const body of [{ language: 'xh' }, { language: '' }, {}, { language: 'af', extra: 1 }]) {
      const response = await call(testApp.app, 'PUT', '/api/app/person-users/me/language', {
        token: member.token,
        body,
      });
      if (response.statusCode === 200) {
        // An unknown extra key is stripped, as every body is: the known language applies.
        expect(body).toHaveProperty('extra');
        continue;
      }
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toHaveProperty('language');
    }
    const signUp = await call(testApp.app, 'POST', '/api/app/person-users', {
      body: { idNumber: '7503140234085', language: 'fr' },
    });
    expect(signUp.statusCode).toBe(422);
    expect(signUp.json().errors).toHaveProperty('language');
  });

  it("answers 401 without a token, 401 with a staff token, and 404 for another member's id", async () => {
    const member = await signUpMember(testApp.app);
    const other = await signUpMember(testApp.app);
    const anonymous = await call(testApp.app, 'PUT', '/api/app/person-users/me/language', { body: { language: 'af' } });
    expect(anonymous.statusCode).toBe(401);
    const staff = await createStaff(testApp.app, 'super-admin');
    const wrongArea = await call(testApp.app, 'PUT', '/api/app/person-users/me/language', {
      token: staff.token,
      body: { language: 'af' },
    });
    expect(wrongArea.statusCode).toBe(401);
    const someoneElse = await call(testApp.app, 'PUT', `/api/app/person-users/${other.personUserId}/language`, {
      token: member.token,
      body: { language: 'af' },
    });
    expect(someoneElse.statusCode).toBe(404);
    const [row] = await testApp.app.db.select().from(personUsers).where(eq(personUsers.id, other.personUserId));
    expect(row?.language).toBe('en');
  });
});
