import { randomInt } from 'node:crypto';
import { eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefitClaims, benefits } from '../src/db/schema/index.js';
import { createSession, markSessionVerified } from '../src/platform/auth/sessions.js';
import { call } from './support/accounts.js';
import { submittedClaim } from './support/claims.js';
import { createPersonUser } from './support/fixtures.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 38 item 3 "Work queues", through real HTTP on a real database: the claims queue sorted by
 * submission date and by gross amount, both ways, pages walked with the cursor return every claim
 * once and in order (ties in the key broken by id, a claim without a submission date at the nulls'
 * end); the queue's total; cursors that are not the order's are a 422.
 */
let testApp: TestApp;
let reviewer: Staff;
let noList: Staff;
let memberToken: string;
const app = () => testApp.app;

/** Each claim of the test with its gross amount and exact submission time (text, microseconds), by id. */
interface Key {
  id: number;
  amountCents: number;
  submittedAt: string | null;
}
let keys: Key[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  reviewer = await createStaff(app(), ['benefits.read', 'claims.read', 'claims.review']);
  noList = await createStaff(app(), ['claims.read']);
  const member = await createPersonUser(app().db);
  const session = await createSession(app().db, { area: 'beneficiary', subjectId: member.personUserId });
  await markSessionVerified(app().db, session.sessionId);
  memberToken = session.token;
  // Seven claims: two of the same amount, two submitted in the same microsecond, one without a
  // submission date (as a draft has none), so that each order has ties and nulls to page across.
  const amounts = [500_000, 1_250_000, 500_000, 2_000_000, 750_000, 1_000_000, 300_000];
  const ids: number[] = [];
  for (const amountCents of amounts) {
    ids.push(
      (await submittedClaim(app(), { amountCents, accountNumber: `${randomInt(100_000_000, 999_999_999)}1` })).claimId,
    );
  }
  const [first, second, , , , , last] = ids as [number, number, number, number, number, number, number];
  const [same] = await app()
    .db.select({ at: benefitClaims.submittedAt })
    .from(benefitClaims)
    .where(eq(benefitClaims.id, first));
  await app()
    .db.update(benefitClaims)
    .set({ submittedAt: same?.at ?? null })
    .where(inArray(benefitClaims.id, [first, second]));
  await app().db.update(benefitClaims).set({ submittedAt: null }).where(eq(benefitClaims.id, last));
  keys = await app()
    .db.select({
      id: benefitClaims.id,
      amountCents: benefits.amountCents,
      submittedAt: sql<
        string | null
      >`to_char(${benefitClaims.submittedAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`,
    })
    .from(benefitClaims)
    .innerJoin(benefits, eq(benefits.id, benefitClaims.benefitId))
    .where(ne(benefitClaims.status, 'draft'));
}, 600_000);
afterAll(async () => testApp.close());

const list = (query: string, token = reviewer.token) =>
  call(app(), 'GET', `/api/v1/benefits/claims?${query}`, { token });

/** Every page of the queue in `sort`, `pageSize` at a time, following `nextCursor`: the ids in order. */
async function walk(sort: string, pageSize: number): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages += 1) {
    const response = await list(`sort=${sort}&pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { items: { id: number }[]; nextCursor: string | null; total: number };
    expect(body.total).toBe(keys.length);
    expect(body.items.length).toBeLessThanOrEqual(pageSize);
    ids.push(...body.items.map((item) => item.id));
    cursor = body.nextCursor;
    if (cursor === null) return ids;
  }
  throw new Error('the cursor never ended');
}

/** The ids as PostgreSQL orders `field` in `direction` (nulls last ascending, first descending), ties by id. */
function expected(field: 'amountCents' | 'submittedAt', direction: 'asc' | 'desc'): number[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...keys]
    .sort((a, b) => {
      const x = a[field];
      const y = b[field];
      if (x !== y) {
        if (x === null) return sign;
        if (y === null) return -sign;
        return (x < y ? -1 : 1) * sign;
      }
      return (a.id - b.id) * sign;
    })
    .map((key) => key.id);
}

describe('the claims queue sorted by submission date and gross amount (GET /api/v1/benefits/claims)', () => {
  for (const field of ['submittedAt', 'amountCents'] as const) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`sort=${field}:${direction}: pages of 1, 2 and 3 walked by cursor give every claim once, in order`, async () => {
        const order = expected(field, direction);
        expect(new Set(order).size).toBe(7);
        for (const pageSize of [1, 2, 3]) {
          expect(await walk(`${field}:${direction}`, pageSize)).toEqual(order);
        }
      });
    }
  }

  it('the total counts the claims the filters find, on every page', async () => {
    const cheap = keys.filter((key) => key.amountCents <= 500_000).length;
    const response = await list('sort=amountCents:asc&pageSize=1&filter[maxAmountCents]=500000');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ total: cheap, pageSize: 1 });
    expect(response.json().totalEstimated).toBeUndefined();
    const next = await list(
      `sort=amountCents:asc&pageSize=1&filter[maxAmountCents]=500000&cursor=${response.json().nextCursor}`,
    );
    expect(next.json().total).toBe(cheap);
  });

  it('a cursor of another order, or not a cursor at all, is a 422 naming cursor', async () => {
    const byId = (await list('sort=id:asc&pageSize=1')).json().nextCursor as string;
    for (const query of [
      `sort=amountCents:asc&cursor=${byId}`,
      `sort=submittedAt:desc&cursor=${byId}`,
      'sort=submittedAt:asc&cursor=bm9wZQ',
    ]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors).toHaveProperty('cursor');
    }
    const bad = await list('sort=surname:asc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('sort');
  });

  it("without a token 401, with the member area's token 401, without benefits.read 403", async () => {
    expect((await call(app(), 'GET', '/api/v1/benefits/claims?sort=amountCents:asc')).statusCode).toBe(401);
    expect((await list('sort=amountCents:asc', memberToken)).statusCode).toBe(401);
    expect((await list('sort=amountCents:asc', noList.token)).statusCode).toBe(403);
  });
});
