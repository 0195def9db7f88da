import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefitClaims } from '../src/db/schema/index.js';
import { workingDaysBefore } from '../src/modules/dashboard/dashboard.service.js';
import { createTask } from '../src/modules/tasks/tasks.service.js';
import { call } from './support/accounts.js';
import { readyForApproval, submittedClaim } from './support/claims.js';
import { csvFile, validatedUpload } from './support/file-uploads.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// Issue 19: GET /api/v1/dashboard, the back office's first screen.
let testApp: TestApp;
let admin: Staff;
const app = () => testApp.app;
const DAY = 24 * 60 * 60 * 1000;
const HEADER = ['id_number', 'first_name', 'last_name', 'member_number', 'benefit_type', 'amount', 'phone_number'];

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await createStaff(app(), 'super-admin');
});
afterAll(async () => testApp.close());

const dashboard = (token: string) => call(app(), 'GET', '/api/v1/dashboard', { token });

describe('working days', () => {
  it('counts Monday to Friday back from the start of today (South African time)', () => {
    // Wednesday 2026-11-25: 5 working days back is Wednesday 2026-11-18, 10 is Wednesday 2026-11-11.
    expect(workingDaysBefore('2026-11-25', 5).toISOString()).toBe('2026-11-17T22:00:00.000Z');
    expect(workingDaysBefore('2026-11-25', 10).toISOString()).toBe('2026-11-10T22:00:00.000Z');
    // Monday 2026-11-23: 1 working day back is Friday 2026-11-20.
    expect(workingDaysBefore('2026-11-23', 1).toISOString()).toBe('2026-11-19T22:00:00.000Z');
  });
});

describe('GET /api/v1/dashboard', () => {
  it('answers claims by status, waiting claims, this month figures, funds, uploads and my tasks', async () => {
    const fresh = await submittedClaim(app(), { amountCents: 100_000 });
    // These two pay into one account number: both carry the shared-account risk flag.
    const sixDays = await submittedClaim(app(), { amountCents: 200_000, accountNumber: '1234567890' });
    const twoWeeks = await submittedClaim(app(), { amountCents: 300_000, accountNumber: '1234567890' });
    // Moved back in time as if submitted then: 8 and 16 calendar days hold at least 5 and 10 working days.
    for (const [claimId, days] of [
      [sixDays.claimId, 8],
      [twoWeeks.claimId, 16],
    ] as const) {
      await app()
        .db.update(benefitClaims)
        .set({ submittedAt: new Date(Date.now() - days * DAY) })
        .where(eq(benefitClaims.id, claimId));
    }
    const decider = await createStaff(app(), ['claims.read', 'claims.review', 'claims.approve']);
    const post = (url: string, body: object = {}) => call(app(), 'POST', url, { token: decider.token, body });
    expect((await post(`/api/v1/benefits/claim/${fresh.claimId}/review`)).statusCode).toBe(200);
    await readyForApproval(app(), fresh, decider.token);
    expect((await post(`/api/v1/benefits/claim/${fresh.claimId}/decision`, { decision: 'approved' })).statusCode).toBe(
      200,
    );
    expect(
      (await post(`/api/v1/benefits/claim/${fresh.claimId}/decision`, { decision: 'paid', paymentReference: 'EFT-1' }))
        .statusCode,
    ).toBe(200);
    const maker = await createStaff(app(), ['file-uploads.read', 'file-uploads.write']);
    const row = ['8001015009087', 'Thandi', 'Mokoena', `M${randomInt(1e5, 9e5)}`, 'withdrawal', '1200.50', ''];
    await validatedUpload(app(), maker.token, {
      fundId: fresh.fundId,
      type: 'member_file',
      header: HEADER,
      fileName: 'members.csv',
      content: csvFile([HEADER, row]),
    });
    const system = { actor: { type: 'system', label: 'test' } } as const;
    await createTask(app().db, { title: 'Later', assigneeId: admin.userId, dueDate: '2030-01-02' }, system);
    await createTask(app().db, { title: 'Sooner', assigneeId: admin.userId, dueDate: '2030-01-01' }, system);
    await createTask(app().db, { title: 'Not mine', assigneeId: decider.userId }, system);

    const response = await dashboard(admin.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.claims).toEqual({
      byStatus: { draft: 0, submitted: 2, in_review: 0, information_requested: 0, approved: 0, rejected: 0, paid: 1 },
      waitingOver5WorkingDays: 2,
      waitingOver10WorkingDays: 1,
      // The two claims paying into one account carry the shared-account risk flag (issue 36 item 3).
      flaggedOpen: 2,
      thisMonth: {
        // The two moved back may fall in last month early in a month: at least the fresh one counts.
        submitted: expect.objectContaining({ count: expect.any(Number) }),
        approved: { count: 1, amountCents: 100_000 },
        paid: { count: 1, amountCents: 100_000 },
      },
    });
    expect(body.claims.thisMonth.submitted.count).toBeGreaterThanOrEqual(1);
    // Each claim has its own fund; the upload's fund has the member file's row staged, not yet a benefit.
    expect(body.funds).toHaveLength(3);
    expect(body.funds).toContainEqual({
      fundId: twoWeeks.fundId,
      name: 'Claims Test Fund',
      benefitsFound: 1,
      benefitsClaimed: 1,
      amountFoundCents: 300_000,
      amountClaimedCents: 300_000,
    });
    expect(body.uploads).toEqual({ awaitingAcceptance: 1 });
    expect(body.tasks.open).toBe(2);
    expect(body.tasks.firstDue.map((task: { title: string }) => task.title)).toEqual(['Sooner', 'Later']);
  });

  it('leaves out what the caller may not see: a reviewer gets tasks only', async () => {
    const reviewer = await createStaff(app(), ['tasks.read', 'tasks.resolve', 'users.read', 'audits.read']);
    const body = (await dashboard(reviewer.token)).json();
    expect(body).toMatchObject({ claims: null, funds: null, uploads: null, tasks: { open: 0, firstDue: [] } });
  });

  it('is refused without a token (401) and before the PIN (403)', async () => {
    expect((await call(app(), 'GET', '/api/v1/dashboard')).statusCode).toBe(401);
    const login = await call(app(), 'POST', '/api/v1/admin-sessions/login', {
      body: { email: admin.email, password: admin.password },
    });
    expect((await dashboard(login.json().apiToken)).statusCode).toBe(403);
  });
});
