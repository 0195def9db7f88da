import { buildSaIdNumber, ENRICHMENT_MESSAGES, type FileUploadResponse } from '@bcp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefits } from '../src/db/schema/index.js';
import { ENRICHMENT_QUEUE } from '../src/modules/enrichment/enrichment-runs.service.js';
import { ACCEPT_UPLOAD_QUEUE } from '../src/modules/file-uploads/accept-upload.job.js';
import { SANDBOX_DIGITS } from '../src/platform/enrichment/sandbox-step-providers.js';
import { call } from './support/accounts.js';
import { claimingMember } from './support/claims.js';
import { newFund, recordsOf } from './support/enrichment.js';
import { csvFile, validatedUpload } from './support/file-uploads.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 17: enrichment runs after a member file is accepted; results are reused until they expire. */
let testApp: TestApp;
let maker: Staff;
let checker: Staff;
let reader: Staff;
const app = () => testApp.app;
const HEADER = ['id_number', 'first_name', 'last_name', 'member_number', 'benefit_type', 'amount'];
const DAY_MS = 86_400_000;

beforeAll(async () => {
  testApp = await createTestApp();
  maker = await createStaff(app(), ['file-uploads.read', 'file-uploads.write']);
  checker = await createStaff(app(), ['file-uploads.read', 'file-uploads.accept']);
  reader = await createStaff(app(), ['enrichment.read']);
});
afterAll(async () => {
  app().clock.set(null);
  await testApp.close();
});

/** Uploads and accepts a member file; waits for the load and the enrichment it starts. */
async function acceptMemberFile(fundId: number, rows: string[][], name: string): Promise<FileUploadResponse> {
  const upload = await validatedUpload(app(), maker.token, {
    fundId,
    type: 'member_file',
    header: HEADER,
    fileName: name,
    content: csvFile([HEADER, ...rows]),
  });
  const accepted = await call(app(), 'PATCH', `/api/v1/file-uploads/${upload.id}/accept`, {
    token: checker.token,
    body: {},
  });
  if (accepted.statusCode !== 200) throw new Error(`accept answered ${accepted.statusCode}: ${accepted.body}`);
  await app().jobs.idle([ACCEPT_UPLOAD_QUEUE]);
  await app().jobs.idle([ENRICHMENT_QUEUE]);
  return upload;
}

async function runsOfUpload(fileUploadId: number) {
  const response = await call(app(), 'GET', `/api/v1/file-uploads/enrichments?filter[fileUploadId]=${fileUploadId}`, {
    token: reader.token,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('enrichment after a member file is accepted', () => {
  it('runs the fund steps for the persons loaded; GET file-uploads/enrichments shows the run and its progress', async () => {
    const fundId = await newFund(app(), 'Upload Fund');
    const alive = buildSaIdNumber('1968-04-04', 1210);
    const dead = buildSaIdNumber('1950-02-02', 1200 + Number(SANDBOX_DIGITS.deceased));
    const upload = await acceptMemberFile(
      fundId,
      [
        [alive, 'Thabo', 'Alive', 'U-1', 'withdrawal', '1000'],
        [dead, 'Grace', 'Gone', 'U-2', 'withdrawal', '2000'],
      ],
      'enrich-1.csv',
    );
    const runs = await runsOfUpload(upload.id);
    expect(runs).toMatchObject({ total: 1, page: 1 });
    expect(runs.items[0]).toMatchObject({
      fundId,
      fileUploadId: upload.id,
      steps: ['id_validation', 'population_register', 'contact_trace'],
      scope: 'all',
      status: 'completed',
      total: 6,
      done: 6,
      reused: 0,
      failed: 0,
      // Two register checks and one trace: the deceased member is not traced.
      costCents: 2 * 450 + 1200,
      finishedAt: expect.any(String),
    });
    const records = await recordsOf(app(), reader.token, fundId);
    expect(records.total).toBe(6);
    const deadBenefits = await app()
      .db.select({ at: benefits.dependantsProcessAt })
      .from(benefits)
      .where(eq(benefits.memberNumber, 'U-2'));
    expect(deadBenefits[0]?.at).toBeInstanceOf(Date);
  });

  it('answers staff while a large file is being enriched (the run takes turns with requests)', async () => {
    const fundId = await newFund(app(), 'Large Upload Fund');
    const rows = Array.from({ length: 400 }, (_, n) => [
      buildSaIdNumber('1971-06-06', 2000 + n),
      'Member',
      `Large${n}`,
      `L-${n}`,
      'withdrawal',
      '100',
    ]);
    const upload = await validatedUpload(app(), maker.token, {
      fundId,
      type: 'member_file',
      header: HEADER,
      fileName: 'enrich-large.csv',
      content: csvFile([HEADER, ...rows]),
    });
    const accepted = await call(app(), 'PATCH', `/api/v1/file-uploads/${upload.id}/accept`, {
      token: checker.token,
      body: {},
    });
    expect(accepted.statusCode).toBe(200);
    // Staff watching the run see it progress: answers arrive while it is running, not only after.
    const seen: { status: string; done: number; total: number }[] = [];
    for (let polls = 0; polls < 600; polls += 1) {
      const run = (await runsOfUpload(upload.id)).items[0];
      if (run) seen.push({ status: run.status, done: run.done, total: run.total });
      if (run?.status === 'completed' || run?.status === 'failed') break;
      // As the back office polls (its progress bar), a moment apart.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen.at(-1)).toMatchObject({ status: 'completed', done: 1200, total: 1200 });
    expect(seen.some((run) => run.status === 'running' && run.done > 0 && run.done < run.total)).toBe(true);
  });

  it('reuses results until they expire (90 days on the register, 30 for a trace), then looks again', async () => {
    const fundId = await newFund(app(), 'Reuse Fund');
    const idNumber = buildSaIdNumber('1972-07-07', 1320);
    const row = (memberNumber: string, amount: string) => [
      idNumber,
      'Ruth',
      'Reuse',
      memberNumber,
      'withdrawal',
      amount,
    ];
    const start = new Date('2026-01-05T10:00:00Z');
    app().clock.set(start);
    const first = await acceptMemberFile(fundId, [row('R-1', '100')], 'reuse-1.csv');
    expect((await runsOfUpload(first.id)).items[0]).toMatchObject({ reused: 0, costCents: 1650 });

    app().clock.set(new Date(start.getTime() + 10 * DAY_MS));
    const second = await acceptMemberFile(fundId, [row('R-2', '200')], 'reuse-2.csv');
    expect((await runsOfUpload(second.id)).items[0]).toMatchObject({ done: 3, reused: 3, costCents: 0 });

    // Past 30 days the trace is looked up again; the register result (90 days) is still reused.
    app().clock.set(new Date(start.getTime() + 31 * DAY_MS));
    const third = await acceptMemberFile(fundId, [row('R-3', '300')], 'reuse-3.csv');
    expect((await runsOfUpload(third.id)).items[0]).toMatchObject({ done: 3, reused: 2, costCents: 1200 });

    app().clock.set(new Date(start.getTime() + 91 * DAY_MS));
    const fourth = await acceptMemberFile(fundId, [row('R-4', '400')], 'reuse-4.csv');
    expect((await runsOfUpload(fourth.id)).items[0]).toMatchObject({ done: 3, reused: 1, costCents: 1650 });
    const { items } = await recordsOf(app(), reader.token, fundId, 'filter[step]=population_register');
    expect(items[0].checkedAt).toBe(new Date(start.getTime() + 91 * DAY_MS).toISOString());
    app().clock.set(null);
  });
});

describe('a benefit flagged for the dependants process', () => {
  it('cannot be claimed by a member sign-up (409 naming s37C)', async () => {
    const member = await claimingMember(app());
    await app().db.update(benefits).set({ dependantsProcessAt: new Date() }).where(eq(benefits.id, member.benefitId));
    const response = await call(app(), 'POST', `/api/app/benefit-claims/${member.benefitId}`, {
      token: member.token,
      body: {},
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(ENRICHMENT_MESSAGES.dependantsProcess);
  });
});
