import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTIMATED_TOTAL_FROM_ROWS } from '../src/queries/staff-claim-list.js';
import { call } from './support/accounts.js';
import { submittedClaim } from './support/claims.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 40 item 3, decision 072, through real HTTP on a real database: the claims queue's total
 * for a search by a surname that many claims have is the planner's estimate, marked
 * `totalEstimated` (an exact count would read benefits and persons whole); a surname few claims
 * have, an ID number and a member number are still counted exactly.
 */
let testApp: TestApp;
let reviewer: Staff;
const app = () => testApp.app;
/** Claims of persons named `COMMON` made by the test; enough that the estimate is at least ESTIMATED_TOTAL_FROM_ROWS. */
const COMMON = 'Dlamini';
const COMMON_CLAIMS = ESTIMATED_TOTAL_FROM_ROWS + 2_000;
/** Of which the test turns this many back into drafts: fewer than ESTIMATED_TOTAL_FROM_ROWS stay in the queue. */
const DRAFTED = 4_000;
let member: Awaited<ReturnType<typeof submittedClaim>>;
let memberLastName = '';

beforeAll(async () => {
  testApp = await createTestApp();
  reviewer = await createStaff(app(), ['benefits.read', 'claims.read']);
  member = await submittedClaim(app());
  const rows = await app().db.execute(sql`select last_name from persons p join benefits b on b.person_id = p.id
    where b.id = ${member.benefitId}`);
  memberLastName = (rows as unknown as { rows: { last_name: string }[] }).rows[0]?.last_name ?? '';
  // COMMON_CLAIMS submitted claims of as many persons named COMMON, each on its own benefit, made
  // in SQL like the template claim (the API would take minutes), then the statistics the planner reads.
  await app().db.execute(sql`
    with made as (
      insert into persons (id_number, first_name, last_name, date_of_birth, gender)
      select lpad((7000000000000 + g)::text, 13, '0'), 'Thandi', ${COMMON}, '1970-01-01', 'female'
      from generate_series(1, ${COMMON_CLAIMS}) g
      returning id
    ), benefit_rows as (
      insert into benefits (fund_id, person_id, member_number, benefit_type, amount_cents)
      select t.fund_id, made.id, 'EST-' || made.id, 'surplus', 100000
      from made, (select fund_id from benefits where id = ${member.benefitId}) t
      returning id, fund_id
    )
    insert into benefit_claims (benefit_id, fund_id, person_user_id, status, submitted_at)
    select benefit_rows.id, benefit_rows.fund_id, c.person_user_id, 'submitted', now()
    from benefit_rows, (select person_user_id from benefit_claims where id = ${member.claimId}) c`);
  await app().db.execute(sql`analyze persons`);
  await app().db.execute(sql`analyze benefits`);
  await app().db.execute(sql`analyze benefit_claims`);
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

/** `GET /api/v1/benefits/claims?<query>` as the reviewer. */
function list(query: string) {
  return call(app(), 'GET', `/api/v1/benefits/claims?${query}`, { token: reviewer.token });
}

describe('the claims queue total of a search (GET /api/v1/benefits/claims?q=)', () => {
  it('a surname that many claims have: the planner estimate, at least ESTIMATED_TOTAL_FROM_ROWS, marked totalEstimated', async () => {
    const response = await list(`q=${COMMON.toLowerCase()}&pageSize=5`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.items).toHaveLength(5);
    expect(body.totalEstimated).toBe(true);
    expect(body.total).toBeGreaterThanOrEqual(ESTIMATED_TOTAL_FROM_ROWS);
    // An estimate from the tables' statistics: near the real number, not a count of it.
    expect(body.total).toBeGreaterThan(COMMON_CLAIMS / 2);
    expect(body.total).toBeLessThan(COMMON_CLAIMS * 2);
    // Answered from the statistics, not counted: DRAFTED of the claims turned back into drafts
    // (which the queue leaves out) leave fewer than ESTIMATED_TOTAL_FROM_ROWS to count, yet the
    // answer stays an estimate of at least that many until the statistics are next gathered
    // (autovacuum's ANALYZE in a deployment); then the claims left are counted exactly.
    await app().db.execute(sql`update benefit_claims set status = 'draft' where id in (
      select c.id from benefit_claims c join benefits b on b.id = c.benefit_id
      where b.member_number like 'EST-%' order by c.id limit ${DRAFTED})`);
    const after = (await list(`q=${COMMON}&pageSize=5`)).json();
    expect(after.totalEstimated).toBe(true);
    expect(after.total).toBeGreaterThanOrEqual(ESTIMATED_TOTAL_FROM_ROWS);
    await app().db.execute(sql`analyze benefit_claims`);
    const analyzed = (await list(`q=${COMMON}&pageSize=5`)).json();
    expect(analyzed.total).toBe(COMMON_CLAIMS - DRAFTED);
    expect(analyzed.totalEstimated).toBeUndefined();
  });

  it('a surname few claims have is counted exactly, not estimated', async () => {
    const response = await list(`q=${encodeURIComponent(memberLastName)}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.items.map((item: { id: number }) => item.id)).toContain(member.claimId);
    expect(body.total).toBe(body.items.length);
    expect(body.totalEstimated).toBeUndefined();
  });

  it('an ID number and a member number are counted exactly', async () => {
    for (const q of [member.idNumber, `EST-${Number.MAX_SAFE_INTEGER}`] as string[]) {
      const response = await list(`q=${encodeURIComponent(q)}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().totalEstimated).toBeUndefined();
      expect(response.json().total).toBe(response.json().items.length);
    }
  });
});
