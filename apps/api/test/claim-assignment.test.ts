import { randomInt } from 'node:crypto';
import { BULK_ASSIGN_LIMIT } from '@bcp/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, benefitClaims, users } from '../src/db/schema/index.js';
import { createSession, markSessionVerified } from '../src/platform/auth/sessions.js';
import { call } from './support/accounts.js';
import { claimingMember, submittedClaim } from './support/claims.js';
import { createPersonUser } from './support/fixtures.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 36 item 4 "Claim assignment", through real HTTP on a real database: assign to me, to
 * another user (with claims.assign), unassign, "My claims" on the queue, bulk assignment, the
 * assignee on the queue and the claim page, the audit trail; who may, and bad input changing nothing.
 */
let testApp: TestApp;
let alice: Staff;
let bongani: Staff;
let lead: Staff;
let reader: Staff;
let inactive: Staff;
let superAdmin: Staff;
let memberToken: string;
const app = () => testApp.app;

const REVIEWER = ['benefits.read', 'claims.read', 'claims.review'] as const;

beforeAll(async () => {
  testApp = await createTestApp();
  alice = await createStaff(app(), REVIEWER);
  bongani = await createStaff(app(), REVIEWER);
  lead = await createStaff(app(), [...REVIEWER, 'claims.assign']);
  reader = await createStaff(app(), ['benefits.read', 'claims.read']);
  inactive = await createStaff(app(), REVIEWER);
  await app().db.update(users).set({ active: false }).where(eq(users.id, inactive.userId));
  superAdmin = await createStaff(app(), 'super-admin');
  const member = await createPersonUser(app().db);
  const session = await createSession(app().db, { area: 'beneficiary', subjectId: member.personUserId });
  await markSessionVerified(app().db, session.sessionId);
  memberToken = session.token;
});
afterAll(async () => testApp.close());

/** A submitted claim of a member of its own (an account of their own: no shared-account flag). */
async function newClaim(): Promise<number> {
  return (await submittedClaim(app(), { accountNumber: `${randomInt(100_000_000, 999_999_999)}1` })).claimId;
}

const assign = (by: Staff, claimId: number, body: unknown) =>
  call(app(), 'POST', `/api/v1/benefits/claim/${claimId}/assignee`, { token: by.token, body });
const bulk = (by: Staff, body: unknown) =>
  call(app(), 'POST', '/api/v1/benefits/claims/assignee', { token: by.token, body });

/** The claim's assignee in the database (user id or null). */
async function assigneeOf(claimId: number): Promise<number | null> {
  const [row] = await app()
    .db.select({ id: benefitClaims.assignedUserId })
    .from(benefitClaims)
    .where(eq(benefitClaims.id, claimId));
  return row?.id ?? null;
}

const assignedAudits = (claimIds: number[]) =>
  app()
    .db.select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'claims.assigned'),
        inArray(
          auditEvents.entityId,
          claimIds.map((id) => String(id)),
        ),
      ),
    )
    .orderBy(auditEvents.id);

/** The ids of the claims queue with `query`, every page. */
async function queueIds(by: Staff, query: string): Promise<number[]> {
  const response = await call(app(), 'GET', `/api/v1/benefits/claims?pageSize=100&${query}`, { token: by.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.map((item: { id: number }) => item.id);
}

describe('assign to me, "My claims", the assignee shown, the audit trail', () => {
  it('a reviewer takes a claim: shown on the claim page and the queue, audited once, a repeat changes nothing', async () => {
    const claimId = await newClaim();
    const taken = await assign(alice, claimId, { userId: alice.userId });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({
      assignee: { userId: alice.userId, name: 'Test Staff', assignedAt: expect.any(String) },
    });
    const page = await call(app(), 'GET', `/api/v1/benefits/claim/${claimId}`, { token: alice.token });
    expect(page.json().assignee).toEqual(taken.json().assignee);
    const list = await call(app(), 'GET', `/api/v1/benefits/claims?pageSize=100`, { token: alice.token });
    const item = list.json().items.find((row: { id: number }) => row.id === claimId);
    expect(item).toMatchObject({ assignee: taken.json().assignee, riskFlagCount: 0 });

    const again = await assign(alice, claimId, { userId: alice.userId });
    expect(again.statusCode).toBe(200);
    expect(again.json().assignee.assignedAt).toBe(taken.json().assignee.assignedAt);
    const audits = await assignedAudits([claimId]);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorType: 'staff',
      actorId: alice.userId,
      before: { assignedUserId: null, assignee: null },
      after: { assignedUserId: alice.userId, assignee: 'Test Staff' },
    });
  });

  it('"My claims": filter[assignee]=me lists the caller\'s claims; none and a user id filter too', async () => {
    const mine = await newClaim();
    const nobodys = await newClaim();
    expect((await assign(alice, mine, { userId: alice.userId })).statusCode).toBe(200);
    expect(await queueIds(alice, 'filter[assignee]=me')).toContain(mine);
    expect(await queueIds(bongani, 'filter[assignee]=me')).not.toContain(mine);
    expect(await queueIds(bongani, `filter[assignee]=${alice.userId}`)).toContain(mine);
    const none = await queueIds(bongani, 'filter[assignee]=none');
    expect(none).toContain(nobodys);
    expect(none).not.toContain(mine);
  });

  it('a reviewer lets their own claim go (userId null), audited with who had it', async () => {
    const claimId = await newClaim();
    await assign(bongani, claimId, { userId: bongani.userId });
    const released = await assign(bongani, claimId, { userId: null });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toEqual({ assignee: null });
    expect(await assigneeOf(claimId)).toBeNull();
    const [, unassigned] = await assignedAudits([claimId]);
    expect(unassigned).toMatchObject({
      before: { assignedUserId: bongani.userId, assignee: 'Test Staff' },
      after: { assignedUserId: null, assignee: null },
    });
  });
});

describe('assigning to someone else needs claims.assign', () => {
  it("without it a reviewer can neither give a claim away, nor take or release someone else's (403, nothing changes)", async () => {
    const claimId = await newClaim();
    const give = await assign(alice, claimId, { userId: bongani.userId });
    expect(give.statusCode).toBe(403);
    expect(give.json().message).toContain('claims.assign');
    expect(await assigneeOf(claimId)).toBeNull();

    expect((await assign(lead, claimId, { userId: bongani.userId })).statusCode).toBe(200);
    expect((await assign(alice, claimId, { userId: alice.userId })).statusCode).toBe(403);
    expect((await assign(alice, claimId, { userId: null })).statusCode).toBe(403);
    expect(await assigneeOf(claimId)).toBe(bongani.userId);
    // With it, a lead takes it back from Bongani and gives it to Alice.
    const moved = await assign(lead, claimId, { userId: alice.userId });
    expect(moved.statusCode).toBe(200);
    const audits = await assignedAudits([claimId]);
    expect(audits.map((audit) => [audit.actorId, audit.after?.assignedUserId])).toEqual([
      [lead.userId, bongani.userId],
      [lead.userId, alice.userId],
    ]);
  });

  it('only active staff users with claims.review can be assignees (422 naming userId, nothing changes)', async () => {
    const claimId = await newClaim();
    for (const userId of [reader.userId, inactive.userId, 999_999]) {
      const response = await assign(lead, claimId, { userId });
      expect(response.statusCode, String(userId)).toBe(422);
      expect(response.json().errors.userId).toEqual([
        'This person cannot be given claims: only active staff users who review claims can.',
      ]);
    }
    expect(await assigneeOf(claimId)).toBeNull();
    expect(await assignedAudits([claimId])).toHaveLength(0);
    // A super-admin holds every permission, claims.review too.
    expect((await assign(lead, claimId, { userId: superAdmin.userId })).statusCode).toBe(200);
  });

  it('GET benefits/claims/assignees: the users who can be given claims, for holders of claims.assign', async () => {
    const response = await call(app(), 'GET', '/api/v1/benefits/claims/assignees', { token: lead.token });
    expect(response.statusCode).toBe(200);
    const ids = response.json().items.map((item: { userId: number }) => item.userId);
    expect(ids).toEqual(expect.arrayContaining([alice.userId, bongani.userId, lead.userId, superAdmin.userId]));
    expect(ids).not.toContain(reader.userId);
    expect(ids).not.toContain(inactive.userId);
    expect(response.json().items[0]).toEqual({
      userId: expect.any(Number),
      name: expect.any(String),
      email: expect.any(String),
    });
    expect((await call(app(), 'GET', '/api/v1/benefits/claims/assignees', { token: alice.token })).statusCode).toBe(
      403,
    );
  });

  it('two reviewers taking the same claim at once: one gets it, the other is refused, one audit row', async () => {
    const claimId = await newClaim();
    const [first, second] = await Promise.all([
      assign(alice, claimId, { userId: alice.userId }),
      assign(bongani, claimId, { userId: bongani.userId }),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const winner = first.statusCode === 200 ? alice : bongani;
    expect(await assigneeOf(claimId)).toBe(winner.userId);
    expect(await assignedAudits([claimId])).toHaveLength(1);
  });

  it("a draft is the member's own: 409; an unknown claim: 404", async () => {
    const drafting = await claimingMember(app());
    const draft = await call(app(), 'POST', `/api/app/benefit-claims/${drafting.benefitId}`, {
      token: drafting.token,
      body: {},
    });
    expect(draft.statusCode).toBe(200);
    expect((await assign(alice, draft.json().id, { userId: alice.userId })).statusCode).toBe(409);
    expect(await assigneeOf(draft.json().id)).toBeNull();
    expect((await assign(alice, 999_999, { userId: alice.userId })).statusCode).toBe(404);
  });
});

describe('bulk assignment from the queue', () => {
  it('gives several claims to one user, all or none; claims already theirs stay as they are', async () => {
    const claimIds = [await newClaim(), await newClaim(), await newClaim()];
    const first = await bulk(lead, { claimIds: claimIds.slice(0, 2), userId: bongani.userId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ changed: 2, unchanged: 0 });
    const second = await bulk(lead, { claimIds, userId: bongani.userId });
    expect(second.json()).toEqual({ changed: 1, unchanged: 2 });
    for (const id of claimIds) expect(await assigneeOf(id)).toBe(bongani.userId);
    expect(await assignedAudits(claimIds)).toHaveLength(3);
    expect(await queueIds(bongani, 'filter[assignee]=me')).toEqual(expect.arrayContaining(claimIds));
  });

  it("a reviewer may take several unassigned claims, but not when one is someone else's (403, none change)", async () => {
    const free = [await newClaim(), await newClaim()];
    const taken = await newClaim();
    await assign(bongani, taken, { userId: bongani.userId });
    const refused = await bulk(alice, { claimIds: [...free, taken], userId: alice.userId });
    expect(refused.statusCode).toBe(403);
    for (const id of free) expect(await assigneeOf(id)).toBeNull();
    const mine = await bulk(alice, { claimIds: free, userId: alice.userId });
    expect(mine.json()).toEqual({ changed: 2, unchanged: 0 });
    expect((await bulk(alice, { claimIds: free, userId: bongani.userId })).statusCode).toBe(403);
  });

  it('refuses bad input with 422 naming the field, and changes nothing', async () => {
    const claimId = await newClaim();
    const tooMany = Array.from({ length: BULK_ASSIGN_LIMIT + 1 }, (_, index) => claimId + index);
    const cases: [unknown, string][] = [
      [{ claimIds: [], userId: alice.userId }, 'claimIds'],
      [{ claimIds: tooMany, userId: alice.userId }, 'claimIds'],
      [{ claimIds: [claimId, claimId], userId: alice.userId }, 'claimIds'],
      [{ claimIds: [claimId, 999_999], userId: alice.userId }, 'claimIds'],
      [{ claimIds: [claimId, -1], userId: alice.userId }, 'claimIds'],
      [{ claimIds: ['1'], userId: alice.userId }, 'claimIds'],
      [{ claimIds: [claimId] }, 'userId'],
      [{ claimIds: [claimId], userId: 'me' }, 'userId'],
      [{ claimIds: [claimId], userId: reader.userId }, 'userId'],
      [{ claimIds: [claimId], userId: alice.userId, extra: true }, ''],
    ];
    for (const [body, field] of cases) {
      const response = await bulk(lead, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors ?? {}).join(), JSON.stringify(body)).toContain(field);
    }
    for (const [body, field] of [
      [{}, 'userId'],
      [{ userId: 0 }, 'userId'],
      [{ userId: '7' }, 'userId'],
      [{ userId: alice.userId, claimIds: [claimId] }, ''],
      [{ userId: 'a\u0000' }, 'userId'],
    ] as [unknown, string][]) {
      const response = await assign(lead, claimId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors ?? {}).join()).toContain(field);
    }
    expect(await assigneeOf(claimId)).toBeNull();
    expect(await assignedAudits([claimId])).toHaveLength(0);
  });
});

describe('who may call the assignment routes', () => {
  const routes = [
    ['POST', '/api/v1/benefits/claim/1/assignee', { userId: null }],
    ['POST', '/api/v1/benefits/claims/assignee', { claimIds: [1], userId: null }],
    ['GET', '/api/v1/benefits/claims/assignees', undefined],
  ] as const;

  it('401 without a token or with a member token, 403 without the permission', async () => {
    for (const [method, url, body] of routes) {
      const options = body === undefined ? {} : { body };
      expect((await call(app(), method, url, options)).statusCode, url).toBe(401);
      expect((await call(app(), method, url, { ...options, token: memberToken })).statusCode, url).toBe(401);
      expect((await call(app(), method, url, { ...options, token: reader.token })).statusCode, url).toBe(403);
    }
  });
});
