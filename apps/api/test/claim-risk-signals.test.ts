import { randomInt } from 'node:crypto';
import { buildSaIdNumber, type RiskFlagResponse, type RiskSignal } from '@bcp/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  benefitClaims,
  benefits,
  enrichmentRecords,
  identityVerifications,
  personBankAccounts,
  persons,
  personUsers,
} from '../src/db/schema/index.js';
import { recordBenefits } from '../src/modules/benefits/benefits.service.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { createSession, markSessionVerified } from '../src/platform/auth/sessions.js';
import { SANDBOX_DIGITS } from '../src/platform/enrichment/sandbox-step-providers.js';
import { call, createPerson, latestOtp, STRONG_PASSWORD } from './support/accounts.js';
import { type ClaimingMember, firstBankId, multipartBody, SAMPLE_FILES } from './support/claims.js';
import { rerun } from './support/enrichment.js';
import { createPersonUser } from './support/fixtures.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp, xsrfPair } from './support/test-app.js';

/**
 * Issue 36 item 3 "Fraud and risk signals": each signal raised from real data (made through the
 * routes members and staff use, with times set back where a test needs the past) and not raised
 * where the data is innocent; the queue's filter and sort, the claim page, the dashboard, and the
 * fast track that never takes a flagged claim.
 */
let testApp: TestApp;
let staff: Staff;
const app = () => testApp.app;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  testApp = await createTestApp();
  staff = await createStaff(app(), [
    'benefits.read',
    'claims.read',
    'claims.review',
    'funds.read',
    'funds.write',
    'enrichment.run',
    'enrichment.read',
  ]);
});
afterAll(async () => testApp.close());

let members = 0;

/** A member of these tests: each calls from an address of their own, as members do (per-address limits). */
type Member = ClaimingMember & { address: string };

/** An account number of the member's own that the sandbox bank match passes (last digit 1). */
const ownAccountNumber = () => `${randomInt(100_000_000, 999_999_999)}1`;

/** A benefit of R4,500 for the person in a fund of its own; its id and the fund's. */
async function benefitFor(personId: number): Promise<{ fundId: number; benefitId: number }> {
  const fund = await createFund(app().db, {
    name: 'Risk Test Fund',
    registrationNumber: `12/8/${randomInt(1e6, 9e6)}`,
  });
  await recordBenefits(app().db, [
    {
      fundId: fund.id,
      personId,
      memberNumber: `R${randomInt(1e6, 9e6)}`,
      benefitType: 'withdrawal',
      amountCents: 450_000,
      fileUploadId: null,
    },
  ]);
  const [benefit] = await app().db.select({ id: benefits.id }).from(benefits).where(eq(benefits.fundId, fund.id));
  return { fundId: fund.id, benefitId: benefit?.id as number };
}

/**
 * A member with a benefit to claim, identity checked. `signUpFrom`: signed up through the route
 * from that address (the sign-up is audited with it); otherwise made directly, with `idNumber`.
 */
async function member(options: { signUpFrom?: string; idNumber?: string } = {}): Promise<Member> {
  members += 1;
  const address = options.signUpFrom ?? `10.90.${Math.floor(members / 250)}.${(members % 250) + 1}`;
  let personId: number;
  let personUserId: number;
  let token: string;
  let idNumber: string;
  const phoneNumber = `+2784${randomInt(1e6, 9e6)}0`;
  if (options.signUpFrom) {
    const person = await createPerson(app());
    ({ personId, idNumber } = person);
    const signUp = await call(app(), 'POST', '/api/app/person-users', {
      remoteAddress: options.signUpFrom,
      body: {
        idNumber,
        phoneNumber,
        password: STRONG_PASSWORD,
        passwordConfirmation: STRONG_PASSWORD,
        twoFactorMethod: 'SMS',
        acceptTerms: true,
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    token = signUp.json().apiToken;
    personUserId = signUp.json().personUser.id;
    const verified = await call(app(), 'POST', '/api/app/beneficiary-sessions/verifyOtp', {
      remoteAddress: options.signUpFrom,
      token,
      body: { otp: await latestOtp(app(), phoneNumber) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    // The identity provider's check is tested elsewhere: its outcome, as the callback records it.
    await app()
      .db.update(personUsers)
      .set({ iidentifiiVerified: true, iidentifiiVerifiedAt: new Date() })
      .where(eq(personUsers.id, personUserId));
  } else {
    const user = await createPersonUser(app().db, {
      lastName: 'Mokoena',
      phoneNumber,
      twoFactorMethod: 'SMS',
      iidentifiiVerified: true,
      ...(options.idNumber ? { idNumber: options.idNumber } : {}),
    });
    ({ personId, personUserId, idNumber } = user);
    const session = await createSession(app().db, { area: 'beneficiary', subjectId: personUserId });
    await markSessionVerified(app().db, session.sessionId);
    token = session.token;
  }
  const { fundId, benefitId } = await benefitFor(personId);
  return {
    idNumber,
    personUserId,
    email: '',
    phoneNumber,
    password: '',
    token,
    fundId,
    benefitId,
    amountCents: 450_000,
    address,
  };
}

/** Adds a bank account in the member's name through the route; its id. */
async function addBankAccount(who: Member, accountNumber: string): Promise<number> {
  const response = await call(app(), 'POST', '/api/app/benefit-claims/person-banks', {
    token: who.token,
    remoteAddress: who.address,
    body: {
      bankId: await firstBankId(app(), who.token),
      accountType: 'SAVINGS',
      accountNumber,
      holderName: 'T Mokoena',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** Every step of the member's claim but the submission (as `prepareClaim`, from the member's address); the net payout. */
async function prepareClaim(who: Member, accountNumber: string): Promise<{ netAmountCents: number }> {
  const bankAccountId = await addBankAccount(who, accountNumber);
  const draft = await call(app(), 'POST', `/api/app/benefit-claims/${who.benefitId}`, {
    token: who.token,
    remoteAddress: who.address,
    body: { personalDetailsConfirmed: true, bankAccountId, feesAccepted: true },
  });
  expect(draft.statusCode, draft.body).toBe(200);
  for (const [kind, name, content] of [
    ['ID_COPY', 'id.pdf', SAMPLE_FILES.pdf],
    ['PROOF_OF_BANK_ACCOUNT', 'bank.png', SAMPLE_FILES.png],
  ] as const) {
    const body = multipartBody(name, content);
    const pair = xsrfPair();
    const upload = await app().inject({
      method: 'POST',
      url: `/api/app/benefit-claims/${who.benefitId}/documents?kind=${kind}`,
      remoteAddress: who.address,
      cookies: pair.cookies,
      headers: { ...pair.headers, authorization: `Bearer ${who.token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
  }
  return { netAmountCents: draft.json().payout.netAmountCents };
}

/** Submits the member's prepared claim through the route; its id. */
async function submit(who: Member, netAmountCents: number): Promise<number> {
  const response = await call(app(), 'POST', `/api/app/benefit-claims/${who.benefitId}/claim`, {
    token: who.token,
    remoteAddress: who.address,
    body: { declarationAccepted: true, netAmountCents },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

/** A claim taken through every step with `accountNumber` (a fresh one of the member's own by default) and submitted. */
async function claimOf(who: Member, accountNumber = ownAccountNumber()): Promise<number> {
  const { netAmountCents } = await prepareClaim(who, accountNumber);
  return submit(who, netAmountCents);
}

/** The claim as staff see it: its risk part. */
async function riskOf(claimId: number): Promise<{ flags: RiskFlagResponse[]; evaluatedAt: string | null }> {
  const response = await call(app(), 'GET', `/api/v1/benefits/claim/${claimId}`, { token: staff.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().risk;
}

const keysOf = async (claimId: number): Promise<RiskSignal[]> => (await riskOf(claimId)).flags.map((flag) => flag.key);
const flagOf = async (claimId: number, key: RiskSignal) =>
  (await riskOf(claimId)).flags.find((flag) => flag.key === key) as RiskFlagResponse;

/** The member's only bank account's id. */
async function accountOf(personUserId: number): Promise<number> {
  const [account] = await app()
    .db.select({ id: personBankAccounts.id })
    .from(personBankAccounts)
    .where(eq(personBankAccounts.personUserId, personUserId));
  return account?.id as number;
}

/** Sets an account's creation and last change back in time (days ago; null: never changed). */
async function accountTimes(accountId: number, createdDaysAgo: number, changedDaysAgo: number | null) {
  const createdAt = new Date(Date.now() - createdDaysAgo * DAY_MS);
  const updatedAt = changedDaysAgo === null ? createdAt : new Date(Date.now() - changedDaysAgo * DAY_MS);
  await app().db.update(personBankAccounts).set({ createdAt, updatedAt }).where(eq(personBankAccounts.id, accountId));
}

describe('the payee account is used by another person', () => {
  it('two persons, one account: both claims flagged, each linking the other person and claim', async () => {
    const number = ownAccountNumber();
    const first = await member();
    const firstClaim = await claimOf(first, number);
    expect(await keysOf(firstClaim)).toEqual([]);

    const second = await member();
    const secondClaim = await claimOf(second, number);
    const flag = await flagOf(secondClaim, 'sharedAccount');
    expect(flag).toMatchObject({
      label: 'Payee account used by another person',
      explanation: expect.stringContaining(`(******${number.slice(-4)}) is also the bank account of 1 other person`),
      data: {
        facts: { accountNumberMasked: `******${number.slice(-4)}`, otherPeople: 1, otherClaims: 1 },
        links: [
          { label: 'Thandi Mokoena', claimId: null, benefitId: first.benefitId },
          { label: `Claim ${firstClaim} (Thandi Mokoena)`, claimId: firstClaim, benefitId: null },
        ],
      },
    });
    expect(flag.explanation).not.toContain(number);
    // The first claim was evaluated again when the second was submitted: it links back.
    expect((await flagOf(firstClaim, 'sharedAccount')).data.links).toContainEqual({
      label: `Claim ${secondClaim} (Thandi Mokoena)`,
      claimId: secondClaim,
      benefitId: null,
    });
    const audited = await app()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'claims.risk_flags_changed'), eq(auditEvents.entityId, String(firstClaim))));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      actorType: 'system',
      before: { riskFlags: [] },
      after: { riskFlags: ['sharedAccount'] },
    });
  });

  it('another account of the same number added later flags the claim already submitted', async () => {
    const number = ownAccountNumber();
    const first = await member();
    const firstClaim = await claimOf(first, number);
    const second = await member();
    await addBankAccount(second, number);
    expect(await keysOf(firstClaim)).toEqual(['sharedAccount']);
    // The second person changes the number: the first claim is clear again.
    const accountId = await accountOf(second.personUserId);
    const change = await call(app(), 'PUT', `/api/app/benefit-claims/person-banks/${accountId}`, {
      token: second.token,
      body: {
        bankId: await firstBankId(app(), second.token),
        accountType: 'SAVINGS',
        accountNumber: ownAccountNumber(),
        holderName: 'T Mokoena',
      },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(await keysOf(firstClaim)).toEqual([]);
  });

  it('no flag for another number, or the same person paying two claims into their own account', async () => {
    const first = await member();
    expect(await keysOf(await claimOf(first))).toEqual([]);
    const second = await member();
    const number = ownAccountNumber();
    const claim = await claimOf(second, number);
    // A second benefit of the same person, claimed into the same account.
    const [person] = await app()
      .db.select({ personId: personUsers.personId })
      .from(personUsers)
      .where(eq(personUsers.id, second.personUserId));
    const other = await benefitFor(person?.personId as number);
    const sameAccount = await accountOf(second.personUserId);
    const draft = await call(app(), 'POST', `/api/app/benefit-claims/${other.benefitId}`, {
      token: second.token,
      body: { personalDetailsConfirmed: true, bankAccountId: sameAccount, feesAccepted: true },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(await keysOf(claim)).toEqual([]);
  });
});

describe('bank details, phone or email changed shortly before submission', () => {
  it('bank details changed a day before submission: flagged, with when', async () => {
    const who = await member();
    const { netAmountCents } = await prepareClaim(who, ownAccountNumber());
    const accountId = await accountOf(who.personUserId);
    const edit = await call(app(), 'PUT', `/api/app/benefit-claims/person-banks/${accountId}`, {
      token: who.token,
      body: {
        bankId: await firstBankId(app(), who.token),
        accountType: 'SAVINGS',
        accountNumber: ownAccountNumber(),
        holderName: 'T Mokoena',
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await accountTimes(accountId, 60, 1);
    const claim = await submit(who, netAmountCents);
    const flag = await flagOf(claim, 'recentChange');
    expect(flag.explanation).toContain('The bank details of the payee account were changed on');
    expect(flag.explanation).toContain('1 day before the claim was submitted');
    expect(flag.data.facts).toMatchObject({ days: 7, emailChangedAt: null, phoneChangedAt: null });
    expect(flag.data.facts.bankChangedAt).toEqual(expect.any(String));
  });

  it('a new account replacing an older one two days before submission: flagged', async () => {
    const who = await member();
    const older = await addBankAccount(who, ownAccountNumber());
    await accountTimes(older, 400, null);
    const { netAmountCents } = await prepareClaim(who, ownAccountNumber());
    const [draft] = await app()
      .db.select({ bankAccountId: benefitClaims.bankAccountId })
      .from(benefitClaims)
      .where(eq(benefitClaims.benefitId, who.benefitId));
    expect(draft?.bankAccountId).not.toBe(older);
    await accountTimes(draft?.bankAccountId as number, 2, null);
    const claim = await submit(who, netAmountCents);
    expect((await flagOf(claim, 'recentChange')).explanation).toContain(
      'A new payee account replaced an earlier one on',
    );
  });

  it("an account added 30 days before and never changed, the member's first: no flag", async () => {
    const who = await member();
    const { netAmountCents } = await prepareClaim(who, ownAccountNumber());
    await accountTimes(await accountOf(who.personUserId), 30, null);
    expect(await keysOf(await submit(who, netAmountCents))).toEqual([]);
  });

  it('a first account added the day of submission (a new member): no flag', async () => {
    const who = await member();
    expect(await keysOf(await claimOf(who))).toEqual([]);
  });

  it('email changed (confirmed by PIN) the day of submission: flagged, and audited', async () => {
    const who = await member();
    const { netAmountCents } = await prepareClaim(who, ownAccountNumber());
    const email = `changed-${randomInt(1e9)}@example.co.za`;
    const url = `/api/app/person-users/${who.personUserId}/twoFactorMethod`;
    const asked = await call(app(), 'PUT', url, { token: who.token, body: { twoFactorMethod: 'EMAIL', email } });
    expect(asked.statusCode, asked.body).toBe(202);
    const confirmed = await call(app(), 'PUT', url, {
      token: who.token,
      body: { twoFactorMethod: 'EMAIL', email, otp: await latestOtp(app(), email) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [audit] = await app()
      .db.select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'person-users.contact_changed'), eq(auditEvents.entityId, String(who.personUserId))),
      );
    expect(audit).toMatchObject({
      actorType: 'member',
      actorId: who.personUserId,
      before: { email: expect.any(String) },
      after: { email },
    });

    const claim = await submit(who, netAmountCents);
    const flag = await flagOf(claim, 'recentChange');
    expect(flag.explanation).toContain('The email address was changed on');
    expect(flag.explanation).toContain('less than a day before the claim was submitted');
    expect(flag.data.facts).toMatchObject({
      bankChangedAt: null,
      phoneChangedAt: null,
      emailChangedAt: expect.any(String),
    });
  });

  it('a mobile number changed after submission flags the claim then', async () => {
    const who = await member();
    const claim = await claimOf(who);
    expect(await keysOf(claim)).toEqual([]);
    const phoneNumber = `+2783${randomInt(1e6, 9e6)}1`;
    const url = `/api/app/person-users/${who.personUserId}/twoFactorMethod`;
    const asked = await call(app(), 'PUT', url, { token: who.token, body: { twoFactorMethod: 'SMS', phoneNumber } });
    expect(asked.statusCode, asked.body).toBe(202);
    const confirmed = await call(app(), 'PUT', url, {
      token: who.token,
      body: { twoFactorMethod: 'SMS', phoneNumber, otp: await latestOtp(app(), phoneNumber) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const flag = await flagOf(claim, 'recentChange');
    expect(flag.explanation).toContain('The mobile number was changed on');
    expect(flag.explanation).toContain('after the claim was submitted');
  });
});

describe("the account holder's name does not match the member's", () => {
  it('population register name score 40: flagged with the score', async () => {
    const who = await member();
    const [benefit] = await app().db.select().from(benefits).where(eq(benefits.id, who.benefitId));
    await app()
      .db.insert(enrichmentRecords)
      .values({
        personId: benefit?.personId as number,
        kind: 'population_register',
        status: 'completed',
        result: 'alive',
        details: { deceasedOn: null, nameScore: 40, blocked: false },
        lawfulPurpose: 'test',
      });
    const flag = await flagOf(await claimOf(who), 'nameMismatch');
    expect(flag.explanation).toContain("scores the member's names 40 of 100");
    expect(flag.data.facts).toMatchObject({ nameScore: 40, minNameScore: 80, initialsMatch: null });
  });

  it('the bank match says initials and surname differ: flagged when staff run the match', async () => {
    const who = await member();
    const claim = await claimOf(who, `${randomInt(100_000_000, 999_999_999)}7`);
    expect(await keysOf(claim)).toEqual([]);
    const match = await call(app(), 'GET', `/api/v1/benefits/${who.benefitId}/bank/match`, { token: staff.token });
    expect(match.statusCode, match.body).toBe(200);
    const flag = await flagOf(claim, 'nameMismatch');
    expect(flag.explanation).toBe(
      "The bank says the account holder's initials and surname do not match Thandi Mokoena.",
    );
    expect(flag.data.facts).toMatchObject({ initialsMatch: false, surnameMatches: false, nameScore: null });
  });

  it('a register score of 100 and a passing bank match: no flag', async () => {
    const who = await member();
    const [benefit] = await app().db.select().from(benefits).where(eq(benefits.id, who.benefitId));
    await app()
      .db.insert(enrichmentRecords)
      .values({
        personId: benefit?.personId as number,
        kind: 'population_register',
        status: 'completed',
        result: 'alive',
        details: { deceasedOn: null, nameScore: 100, blocked: false },
        lawfulPurpose: 'test',
      });
    const claim = await claimOf(who);
    await call(app(), 'GET', `/api/v1/benefits/${who.benefitId}/bank/match`, { token: staff.token });
    expect(await keysOf(claim)).toEqual([]);
  });
});

describe('several accounts from one device or address in a day', () => {
  it('three sign-ups from one address within a day: flagged, linking the other two', async () => {
    const address = `10.77.${randomInt(1, 250)}.${randomInt(1, 250)}`;
    const first = await member({ signUpFrom: address });
    const second = await member({ signUpFrom: address });
    const third = await member({ signUpFrom: address });
    const flag = await flagOf(await claimOf(third), 'sharedOrigin');
    expect(flag.explanation).toContain(`3 member accounts were signed up from the same internet address (${address})`);
    expect(flag.data.facts).toMatchObject({
      ip: address,
      accountsFromAddress: 3,
      accountsFromDevice: null,
      threshold: 3,
    });
    expect(flag.data.links.map((link) => link.benefitId)).toEqual([first.benefitId, second.benefitId]);
    const [signUp] = await app()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'person-users.signed_up'), eq(auditEvents.actorId, third.personUserId)));
    expect(signUp).toMatchObject({ actorType: 'member', ip: address, entityType: 'person-users' });
  });

  it('two sign-ups from one address, or three from different addresses: no flag', async () => {
    const address = `10.78.${randomInt(1, 250)}.${randomInt(1, 250)}`;
    await member({ signUpFrom: address });
    const second = await member({ signUpFrom: address });
    expect(await keysOf(await claimOf(second))).toEqual([]);
    const apart = await member({ signUpFrom: `10.79.${randomInt(1, 250)}.${randomInt(1, 250)}` });
    expect(await keysOf(await claimOf(apart))).toEqual([]);
  });

  it('three accounts registering one device within a day: flagged; their own devices: no flag', async () => {
    const token = `fcm-shared-${randomInt(1e9)}`;
    const owners = [await member(), await member(), await member()];
    for (const owner of owners) {
      const response = await call(app(), 'POST', '/api/app/firebase/device', {
        token: owner.token,
        body: { personUserId: owner.personUserId, source: 'APP', token },
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    const flag = await flagOf(await claimOf(owners[0] as Member), 'sharedOrigin');
    expect(flag.explanation).toContain('3 member accounts registered the same device within a day');
    expect(flag.data.facts).toMatchObject({ accountsFromDevice: 3, ip: null });
    // The audit trail keeps a fingerprint of the device, never its push token.
    const registered = await app().db.select().from(auditEvents).where(eq(auditEvents.action, 'devices.registered'));
    expect(JSON.stringify(registered)).not.toContain(token);

    const alone = await member();
    await call(app(), 'POST', '/api/app/firebase/device', {
      token: alone.token,
      body: { personUserId: alone.personUserId, source: 'APP', token: `fcm-own-${randomInt(1e9)}` },
    });
    expect(await keysOf(await claimOf(alone))).toEqual([]);
  });
});

describe('identity check tried many times', () => {
  const checks = async (personUserId: number, statuses: ('failed' | 'passed')[]) => {
    for (const status of statuses) {
      await app()
        .db.insert(identityVerifications)
        .values({
          personUserId,
          provider: 'sandbox',
          reference: `risk-${randomInt(1e9)}`,
          status,
          completedAt: new Date(),
        });
    }
  };

  it('three failed checks before passing: flagged', async () => {
    const who = await member();
    await checks(who.personUserId, ['failed', 'failed', 'failed', 'passed']);
    const flag = await flagOf(await claimOf(who), 'identityRetries');
    expect(flag.explanation).toContain("The member's identity check failed 3 times (4 checks in all).");
    expect(flag.data.facts).toEqual({ failedChecks: 3, checks: 4, threshold: 3 });
  });

  it('two failed checks: no flag', async () => {
    const who = await member();
    await checks(who.personUserId, ['failed', 'failed', 'passed']);
    expect(await keysOf(await claimOf(who))).toEqual([]);
  });
});

describe('a deceased flag from enrichment', () => {
  it('a death on record at submission: flagged', async () => {
    const who = await member();
    const [benefit] = await app().db.select().from(benefits).where(eq(benefits.id, who.benefitId));
    await app()
      .db.update(persons)
      .set({ deceasedOn: '2024-06-30' })
      .where(eq(persons.id, benefit?.personId as number));
    const flag = await flagOf(await claimOf(who), 'deceased');
    expect(flag.explanation).toContain('records Thandi Mokoena as deceased on 2024-06-30');
  });

  it('the population register finds the member deceased after submission: the claim is flagged then', async () => {
    const idNumber = buildSaIdNumber(
      `1966-0${randomInt(1, 9)}-1${randomInt(0, 9)}`,
      randomInt(10, 99) * 100 + Number(SANDBOX_DIGITS.deceased),
    );
    const who = await member({ idNumber });
    const claim = await claimOf(who);
    expect(await keysOf(claim)).toEqual([]);
    const run = await rerun(app(), staff.token, who.fundId, { step: 'population_register', scope: 'all' });
    expect(run).toMatchObject({ status: 'completed', done: 1 });
    const flag = await flagOf(claim, 'deceased');
    expect(flag.data.facts).toMatchObject({ deceasedOn: '2024-06-30', dependantsProcessAt: null });
  });

  it('alive on the register: no flag', async () => {
    const who = await member({ idNumber: buildSaIdNumber('1967-03-14', randomInt(10, 99) * 100 + 10) });
    const claim = await claimOf(who);
    await rerun(app(), staff.token, who.fundId, { step: 'population_register', scope: 'all' });
    expect(await keysOf(claim)).toEqual([]);
  });
});

describe('the queue, the claim page, the dashboard and the fast track', () => {
  type QueueItem = { id: number; status: string; riskFlagCount: number };
  const queue = async (query: string): Promise<QueueItem[]> => {
    const items: QueueItem[] = [];
    let url = `/api/v1/benefits/claims?pageSize=7&${query}`;
    for (let page = 0; page < 50; page += 1) {
      const response = await call(app(), 'GET', url, { token: staff.token });
      expect(response.statusCode, response.body).toBe(200);
      items.push(...response.json().items);
      const next = response.json().nextCursor;
      if (!next) break;
      url = `/api/v1/benefits/claims?pageSize=7&${query}&cursor=${next}`;
    }
    return items;
  };

  it('filter[flagged]=true lists only flagged claims; each item carries its number of flags', async () => {
    const flaggedMember = await member();
    await app()
      .db.update(persons)
      .set({ deceasedOn: '2023-01-31' })
      .where(eq(persons.idNumber, flaggedMember.idNumber));
    const flagged = await claimOf(flaggedMember);
    const clean = await claimOf(await member());
    const items = await queue('filter[flagged]=true');
    expect(items.map((item) => item.id)).toContain(flagged);
    expect(items.map((item) => item.id)).not.toContain(clean);
    expect(items.every((item) => item.riskFlagCount > 0)).toBe(true);
    const unflagged = await queue('filter[flagged]=false');
    expect(unflagged.map((item) => item.id)).toContain(clean);
    expect(unflagged.every((item) => item.riskFlagCount === 0)).toBe(true);
    expect((await riskOf(flagged)).evaluatedAt).toEqual(expect.any(String));
  });

  it('sort=riskFlagCount:desc: most flags first, then newest, every claim once across cursor pages', async () => {
    // A claim with two flags: deceased and identity tried many times.
    const two = await member();
    await app().db.update(persons).set({ deceasedOn: '2023-02-28' }).where(eq(persons.idNumber, two.idNumber));
    for (let index = 0; index < 3; index += 1) {
      await app()
        .db.insert(identityVerifications)
        .values({
          personUserId: two.personUserId,
          provider: 'sandbox',
          reference: `q-${randomInt(1e9)}`,
          status: 'failed',
        });
    }
    const twoFlags = await claimOf(two);
    expect(await keysOf(twoFlags)).toEqual(['identityRetries', 'deceased']);
    const sorted = await queue('sort=riskFlagCount:desc');
    const all = await queue('sort=id:desc');
    expect(sorted.map((item) => item.id).sort()).toEqual(all.map((item) => item.id).sort());
    expect(sorted[0]).toMatchObject({ id: twoFlags, riskFlagCount: 2 });
    for (let index = 1; index < sorted.length; index += 1) {
      const [before, after] = [sorted[index - 1] as QueueItem, sorted[index] as QueueItem];
      expect(
        before.riskFlagCount > after.riskFlagCount ||
          (before.riskFlagCount === after.riskFlagCount && before.id > after.id),
      ).toBe(true);
    }
    const ascending = await queue('sort=riskFlagCount:asc');
    expect(ascending.map((item) => item.id)).toEqual(sorted.map((item) => item.id).reverse());
  });

  it('refuses a bad flagged or assignee filter, sort or cursor with 422, naming the parameter', async () => {
    for (const [query, field] of [
      ['filter[flagged]=maybe', 'filter'],
      ['filter[assignee]=someone', 'filter'],
      ['sort=riskFlagCount:sideways', 'sort'],
      ['sort=riskFlagCount:desc&cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ] as const) {
      const response = await call(app(), 'GET', `/api/v1/benefits/claims?${query}`, { token: staff.token });
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors).join()).toContain(field);
    }
  });

  it('the dashboard counts the flagged claims waiting for a decision', async () => {
    const count = async () =>
      (await call(app(), 'GET', '/api/v1/dashboard', { token: staff.token })).json().claims.flaggedOpen as number;
    const before = await count();
    const open = (await queue('filter[flagged]=true')).filter((item) =>
      ['submitted', 'in_review', 'information_requested'].includes(item.status),
    );
    expect(before).toBe(open.length);
    const who = await member();
    await app().db.update(persons).set({ deceasedOn: '2023-03-31' }).where(eq(persons.idNumber, who.idNumber));
    await claimOf(who);
    expect(await count()).toBe(before + 1);
  });

  it('a flagged claim is never fast-tracked: referred, "No fraud or risk flag" not passed', async () => {
    const number = ownAccountNumber();
    await claimOf(await member(), number);
    const who = await member();
    const fund = await call(app(), 'PATCH', `/api/v1/funds/${who.fundId}`, {
      token: staff.token,
      body: { fastTrackThresholdCents: 500_000, fastTrackDays: 3 },
    });
    expect(fund.statusCode, fund.body).toBe(200);
    await app()
      .db.insert(identityVerifications)
      .values({
        personUserId: who.personUserId,
        provider: 'sandbox',
        reference: `ft-${randomInt(1e9)}`,
        status: 'passed',
        completedAt: new Date(),
      });
    const claim = await claimOf(who, number);
    const response = await call(app(), 'GET', `/api/v1/benefits/claim/${claim}`, { token: staff.token });
    expect(response.json().status).toBe('submitted');
    const conditions = response.json().fastTrack.conditions as { key: string; passed: boolean; detail: string }[];
    expect(conditions.filter((condition) => !condition.passed)).toEqual([
      {
        key: 'noRiskFlags',
        label: 'No fraud or risk flag',
        passed: false,
        detail: '1 flag(s): Payee account used by another person.',
      },
    ]);
  });
});
