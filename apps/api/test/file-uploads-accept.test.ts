import { readFileSync } from 'node:fs';
import {
  buildSaIdNumber,
  FILE_UPLOAD_MESSAGES,
  FILE_UPLOAD_NOTICES,
  type FileUploadResponse,
  ROW_MESSAGES,
} from '@bcp/contract';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  benefitClaimEvents,
  benefitClaims,
  benefits,
  fileUploadRows,
  fileUploads,
  funds,
  notificationDeliveries,
  notifications,
  persons,
} from '../src/db/schema/index.js';
import { decideClaim } from '../src/modules/benefit-claims/claim-decisions.service.js';
import { recordBenefits } from '../src/modules/benefits/benefits.service.js';
import { ACCEPT_UPLOAD_QUEUE, acceptUpload } from '../src/modules/file-uploads/accept-upload.job.js';
import { VALIDATE_UPLOAD_QUEUE } from '../src/modules/file-uploads/validate-upload.job.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { call } from './support/accounts.js';
import { submittedClaim } from './support/claims.js';
import { csvFile, knownPerson, uploadFileTo, validatedUpload } from './support/file-uploads.js';
import { createPersonUser } from './support/fixtures.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
let maker: Staff;
let checker: Staff;
let fundCount = 0;
const SYSTEM = { actor: { type: 'system', label: 'test' } } as const;
const app = () => testApp.app;

const HEADER = ['id_number', 'first_name', 'last_name', 'member_number', 'benefit_type', 'amount', 'phone_number'];
let sequence = 100;
function freshId(): string {
  sequence += 1;
  return buildSaIdNumber('1985-03-03', sequence);
}

async function newFund(): Promise<number> {
  fundCount += 1;
  return (await createFund(app().db, { name: `Accept Fund ${fundCount}`, registrationNumber: `12/8/162${fundCount}` }))
    .id;
}

async function memberFile(fundId: number, rows: string[][]): Promise<FileUploadResponse> {
  const upload = await validatedUpload(app(), maker.token, {
    fundId,
    type: 'member_file',
    header: HEADER,
    fileName: `members-${fundId}-${rows.length}.csv`,
    content: csvFile([HEADER, ...rows]),
  });
  expect(upload.status).toBe('validated');
  return upload;
}

const accept = (id: number, body: object, token = checker.token) =>
  call(app(), 'PATCH', `/api/v1/file-uploads/${id}/accept`, { token, body });
const reject = (id: number, body: object) =>
  call(app(), 'PATCH', `/api/v1/file-uploads/${id}/reject`, { token: checker.token, body });
const read = async (id: number) =>
  (await call(app(), 'GET', `/api/v1/file-uploads/${id}`, { token: checker.token })).json() as FileUploadResponse;

async function benefitsOf(fundId: number) {
  return app()
    .db.select({ memberNumber: benefits.memberNumber, amountCents: benefits.amountCents })
    .from(benefits)
    .where(eq(benefits.fundId, fundId))
    .orderBy(benefits.memberNumber);
}

beforeAll(async () => {
  testApp = await createTestApp();
  // The maker may accept files too: the 403 below is maker-checker, not a missing permission.
  maker = await createStaff(app(), ['file-uploads.read', 'file-uploads.write', 'file-uploads.accept']);
  checker = await createStaff(app(), ['file-uploads.read', 'file-uploads.accept']);
});
afterAll(async () => testApp.close());

describe('accepting a member file', () => {
  it('is refused to its uploader (403), and needs a note when rows are refused (422)', async () => {
    const fundId = await newFund();
    const upload = await memberFile(fundId, [
      [freshId(), 'Ann', 'One', 'A-1', 'withdrawal', '100', ''],
      ['8.00101E+12', 'Bad', 'Id', 'A-2', 'withdrawal', '100', ''],
    ]);
    const own = await accept(upload.id, { note: 'mine' }, maker.token);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(FILE_UPLOAD_MESSAGES.ownUpload);
    const noNote = await accept(upload.id, {});
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().errors.note).toEqual([FILE_UPLOAD_MESSAGES.noteRequired]);
    expect(await benefitsOf(fundId)).toEqual([]);
  });

  it('loads the valid rows in one go: new benefits, a known benefit updated, audited at each step', async () => {
    const fundId = await newFund();
    const known = freshId();
    const personId = await knownPerson(app(), {
      idNumber: known,
      firstName: 'Kim',
      lastName: 'Known',
      email: 'kim@example.com',
    });
    await recordBenefits(app().db, [
      {
        fundId,
        personId,
        memberNumber: 'K-1',
        benefitType: 'withdrawal',
        amountCents: 10_000,
        fileUploadId: null,
      },
    ]);
    const fresh = freshId();
    const upload = await memberFile(fundId, [
      [fresh, 'Nomsa', 'New', 'N-1', 'Withdrawal', '1 234,50', '082 123 4567'],
      [known, 'Kim', 'Known', 'K-1', 'withdrawal', '250.00', '083 555 1234'],
      [fresh, 'Nomsa', 'New', 'N-2', 'death', 'abc', ''],
    ]);
    expect(upload.counts).toEqual({ valid: 2, refused: 1, warnings: 1 });
    const accepted = await accept(upload.id, { note: 'Accept the valid rows; N-2 follows next month.' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('accepting');
    await app().jobs.idle([ACCEPT_UPLOAD_QUEUE]);

    const after = await read(upload.id);
    expect(after).toMatchObject({
      status: 'accepted',
      importedCount: 2,
      decision: { note: 'Accept the valid rows; N-2 follows next month.', by: { id: checker.userId } },
    });
    expect(await benefitsOf(fundId)).toEqual([
      { memberNumber: 'K-1', amountCents: 25_000 },
      { memberNumber: 'N-1', amountCents: 123_450 },
    ]);
    // The fund's benefit count (migration 0014's triggers) follows the load, also on PostgreSQL
    // where the load skips the per-row foreign key checks (session_replication_role = replica).
    const [fund] = await app().db.select({ benefitCount: funds.benefitCount }).from(funds).where(eq(funds.id, fundId));
    expect(fund?.benefitCount).toBe(2);
    const [person] = await app().db.select().from(persons).where(eq(persons.idNumber, fresh));
    expect(person).toMatchObject({ firstName: 'Nomsa', lastName: 'New', phoneNumber: '+27821234567' });
    const [kim] = await app().db.select().from(persons).where(eq(persons.idNumber, known));
    expect(kim).toMatchObject({ email: 'kim@example.com', phoneNumber: '+27835551234' });

    const actions = await app()
      .db.select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'file-uploads'), eq(auditEvents.entityId, String(upload.id))))
      .orderBy(auditEvents.id);
    expect(actions.map((row) => row.action)).toEqual([
      'file-uploads.created',
      'file-uploads.uploaded',
      'file-uploads.validated',
      'file-uploads.accepted',
      'file-uploads.loaded',
    ]);

    const again = await accept(upload.id, { note: 'again' });
    expect(again.statusCode).toBe(409);
  });

  it('is all or nothing: a load that fails half-way leaves no person and no benefit, and the upload failed', async () => {
    const fundId = await newFund();
    const first = freshId();
    const second = freshId();
    const upload = await memberFile(fundId, [
      [first, 'Half', 'Way', 'H-1', 'withdrawal', '10', ''],
      [second, 'Never', 'Loaded', 'H-2', 'withdrawal', '20', ''],
    ]);
    // Persons load first, benefits second: a staged row without its benefit type fails the second statement.
    await app()
      .db.update(fileUploadRows)
      .set({ benefitType: null })
      .where(and(eq(fileUploadRows.fileUploadId, upload.id), eq(fileUploadRows.line, 3)));
    expect((await accept(upload.id, {})).statusCode).toBe(200);
    await app().jobs.idle([ACCEPT_UPLOAD_QUEUE]);
    expect(await read(upload.id)).toMatchObject({ status: 'failed', importedCount: 0 });
    expect(
      await app()
        .db.select()
        .from(persons)
        .where(inArray(persons.idNumber, [first, second])),
    ).toEqual([]);
    expect(await benefitsOf(fundId)).toEqual([]);
  });

  it('is all or nothing when stopped after the rows went in: telling members fails, nothing stays', async () => {
    const fundId = await newFund();
    const member = await createPersonUser(app().db);
    const newcomer = freshId();
    const upload = await memberFile(fundId, [
      [member.idNumber, member.firstName, member.lastName, 'K-1', 'withdrawal', '10', ''],
      [newcomer, 'Killed', 'Midway', 'K-2', 'withdrawal', '20', ''],
    ]);
    // The job as the queue runs it, stopped where persons and benefits are in and members are told.
    await app().db.update(fileUploads).set({ status: 'accepting' }).where(eq(fileUploads.id, upload.id));
    const stop = async () => {
      throw new Error('the process died');
    };
    await acceptUpload({ db: app().db, announce: { newMoney: stop, claimPaid: stop, committed: () => {} } }, upload.id);
    expect(await read(upload.id)).toMatchObject({ status: 'failed', importedCount: 0 });
    expect(await app().db.$count(persons, eq(persons.idNumber, newcomer))).toBe(0);
    expect(await benefitsOf(fundId)).toEqual([]);
    expect(await app().db.$count(notifications, eq(notifications.personUserId, member.personUserId))).toBe(0);
  });
});

describe('rejecting, and the downloads', () => {
  it('needs a reason, changes nothing, keeps the file; errors download lists refused rows with their reason', async () => {
    const fundId = await newFund();
    const id = freshId();
    const rows = [
      [id, 'Rita', 'Reject', 'R-1', 'withdrawal', '100', ''],
      ['8.00101E+12', 'Sci', 'Note', 'R-2', 'withdrawal', '5', ''],
    ];
    const upload = await memberFile(fundId, rows);
    const noReason = await reject(upload.id, {});
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual([FILE_UPLOAD_MESSAGES.reasonRequired]);
    const rejected = await reject(upload.id, { reason: 'Wrong month' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', decision: { note: 'Wrong month' } });
    expect(await benefitsOf(fundId)).toEqual([]);
    expect(await app().db.select().from(persons).where(eq(persons.idNumber, id))).toEqual([]);
    expect((await accept(upload.id, { note: 'x' })).statusCode).toBe(409);

    const original = await call(app(), 'GET', `/api/v1/file-uploads/${upload.id}/download?file=original`, {
      token: checker.token,
    });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-disposition']).toContain(`members-${fundId}-2.csv`);
    expect(original.rawPayload.equals(csvFile([HEADER, ...rows]))).toBe(true);

    const errors = await call(app(), 'GET', `/api/v1/file-uploads/${upload.id}/download?file=errors`, {
      token: checker.token,
    });
    expect(errors.statusCode).toBe(200);
    expect(parse(errors.rawPayload, { bom: true })).toEqual([
      [...HEADER, 'line', 'reason'],
      [...(rows[1] as string[]), '3', ROW_MESSAGES.idScientific],
    ]);
    // The file is members' personal data: each download is an audit event (issue 36 item 5).
    const downloads = await app()
      .db.select({ actorId: auditEvents.actorId, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'file-uploads.downloaded'), eq(auditEvents.entityId, String(upload.id))))
      .orderBy(auditEvents.id);
    expect(downloads).toEqual([
      { actorId: checker.userId, after: { file: 'original' } },
      { actorId: checker.userId, after: { file: 'errors' } },
    ]);
  });
});

describe('trace results', () => {
  it('adds the contact details found to known persons on accept', async () => {
    const fundId = await newFund();
    const id = freshId();
    await knownPerson(app(), { idNumber: id, firstName: 'Tom', lastName: 'Traced' });
    const header = ['id_number', 'first_name', 'last_name', 'email', 'phone_number'];
    const upload = await validatedUpload(app(), maker.token, {
      fundId,
      type: 'trace_results',
      header,
      fileName: 'trace.csv',
      content: csvFile([header, [id, 'Tom', 'Traced', 'Tom@Example.com', '0821112222']]),
    });
    expect((await accept(upload.id, {})).statusCode).toBe(200);
    await app().jobs.idle([ACCEPT_UPLOAD_QUEUE]);
    expect(await read(upload.id)).toMatchObject({ status: 'accepted', importedCount: 1 });
    const [person] = await app().db.select().from(persons).where(eq(persons.idNumber, id));
    expect(person).toMatchObject({ email: 'tom@example.com', phoneNumber: '+27821112222' });
  });
});

describe('telling members', () => {
  it('tells a signed-up member who gains a new benefit, and not one whose benefit is only updated', async () => {
    const fundId = await newFund();
    const member = await createPersonUser(app().db);
    const upload = await memberFile(fundId, [
      [member.idNumber, member.firstName, member.lastName, 'T-1', 'withdrawal', '500', ''],
    ]);
    await accept(upload.id, {});
    await app().jobs.idle([ACCEPT_UPLOAD_QUEUE]);
    const told = await app()
      .db.select({ title: notifications.title, event: notifications.event })
      .from(notifications)
      .where(eq(notifications.personUserId, member.personUserId));
    const fundName = `Accept Fund ${fundCount}`;
    expect(told).toEqual([{ title: FILE_UPLOAD_NOTICES.newMoneyTitle(fundName), event: 'benefit.found' }]);

    const update = await memberFile(fundId, [
      [member.idNumber, member.firstName, member.lastName, 'T-1', 'withdrawal', '600', ''],
    ]);
    await accept(update.id, {});
    await app().jobs.idle([ACCEPT_UPLOAD_QUEUE]);
    expect(await app().db.$count(notifications, eq(notifications.personUserId, member.personUserId))).toBe(1);
  });
});

describe('telling many members at once', () => {
  it('tells every signed-up member who gains a benefit, each with a notification and an email or SMS delivery', async () => {
    const fundId = await newFund();
    const members = [
      await createPersonUser(app().db),
      await createPersonUser(app().db),
      await createPersonUser(app().db),
    ];
    const upload = await memberFile(
      fundId,
      members.map((member, index) => [
        member.idNumber,
        member.firstName,
        member.lastName,
        `MANY-${index}`,
        'withdrawal',
        '100',
        '',
      ]),
    );
    await accept(upload.id, {});
    await app().jobs.idle([ACCEPT_UPLOAD_QUEUE]);
    const ids = members.map((member) => member.personUserId);
    const told = await app()
      .db.select({ id: notifications.id, personUserId: notifications.personUserId, event: notifications.event })
      .from(notifications)
      .where(inArray(notifications.personUserId, ids));
    expect(told.map((row) => row.personUserId).sort()).toEqual([...ids].sort());
    expect(new Set(told.map((row) => row.event))).toEqual(new Set(['benefit.found']));
    const deliveries = await app()
      .db.select({ channel: notificationDeliveries.channel })
      .from(notificationDeliveries)
      .where(
        inArray(
          notificationDeliveries.notificationId,
          told.map((row) => row.id),
        ),
      );
    expect(deliveries).toHaveLength(3);
    expect(deliveries.every((delivery) => delivery.channel === 'email' || delivery.channel === 'sms')).toBe(true);
  });
});

describe('payment confirmations', () => {
  it('refuses a claim not approved, and moves an approved claim to paid with its reference, telling the member', async () => {
    const member = await submittedClaim(app());
    const [benefit] = await app()
      .db.select({ fundId: benefits.fundId })
      .from(benefits)
      .where(eq(benefits.id, member.benefitId));
    const fundId = benefit?.fundId as number;
    const header = ['claim_reference', 'payment_reference', 'paid_on'];
    const early = await validatedUpload(app(), maker.token, {
      fundId,
      type: 'payment_confirmations',
      header,
      fileName: 'early.csv',
      content: csvFile([header, [String(member.claimId), 'EFT-EARLY', '']]),
    });
    expect(early.rowFindings).toEqual([
      { line: 2, level: 'error', field: 'claim_reference', message: ROW_MESSAGES.claimNotApproved('submitted') },
    ]);

    await decideClaim(app(), member.claimId, 'approved', {}, { type: 'system', id: null }, SYSTEM);
    const upload = await validatedUpload(app(), maker.token, {
      fundId,
      type: 'payment_confirmations',
      header,
      fileName: 'paid.csv',
      content: csvFile([header, [String(member.claimId), 'EFT-2026-001', '2026-11-20']]),
    });
    expect(upload.counts).toEqual({ valid: 1, refused: 0, warnings: 0 });
    await accept(upload.id, {});
    await app().jobs.idle([ACCEPT_UPLOAD_QUEUE]);
    expect(await read(upload.id)).toMatchObject({ status: 'accepted', importedCount: 1 });
    const [claim] = await app().db.select().from(benefitClaims).where(eq(benefitClaims.id, member.claimId));
    expect(claim).toMatchObject({ status: 'paid', paymentReference: 'EFT-2026-001' });
    expect(claim?.paidAt?.toISOString().slice(0, 10)).toBe('2026-11-20');
    const [paidBenefit] = await app().db.select().from(benefits).where(eq(benefits.id, member.benefitId));
    expect(paidBenefit?.status).toBe('paid');
    const events = await app()
      .db.select({ to: benefitClaimEvents.toStatus })
      .from(benefitClaimEvents)
      .where(eq(benefitClaimEvents.claimId, member.claimId));
    expect(events.map((event) => event.to)).toContain('paid');
    const told = await app()
      .db.select({ event: notifications.event })
      .from(notifications)
      .where(eq(notifications.personUserId, member.personUserId));
    expect(told.map((row) => row.event)).toContain('claim.paid');
  });
});

describe('the sample files of docs/samples (README)', () => {
  /** Uploads a sample without a mapping, then chooses the suggested one (POST file-uploads/mapping). */
  async function sample(fundId: number, type: string): Promise<FileUploadResponse> {
    const created = await call(app(), 'POST', '/api/v1/file-uploads', { token: maker.token, body: { fundId, type } });
    const id = created.json().id as number;
    const content = readFileSync(new URL(`../../../docs/samples/${type}.csv`, import.meta.url));
    expect((await uploadFileTo(app(), maker.token, id, `${type}.csv`, content)).statusCode).toBe(200);
    const { suggestedMapping } = (
      await call(app(), 'GET', `/api/v1/file-uploads/mapping?fileUploadId=${id}`, { token: maker.token })
    ).json();
    const chosen = await call(app(), 'POST', '/api/v1/file-uploads/mapping', {
      token: maker.token,
      body: { fileUploadId: id, mapping: suggestedMapping },
    });
    expect(chosen.statusCode).toBe(200);
    await app().jobs.idle([VALIDATE_UPLOAD_QUEUE]);
    return read(id);
  }

  it('go through the pipeline as documented: members loaded, trace results for known persons, claims checked', async () => {
    const fundId = await newFund();
    const members = await sample(fundId, 'member_file');
    expect(members).toMatchObject({ status: 'validated', counts: { valid: 3, refused: 0, warnings: 1 } });
    expect(members.rowFindings).toEqual([
      { line: 4, level: 'warning', field: 'id_number', message: ROW_MESSAGES.idPadded },
    ]);
    await accept(members.id, {});
    await app().jobs.idle([ACCEPT_UPLOAD_QUEUE]);
    expect(await read(members.id)).toMatchObject({ status: 'accepted', importedCount: 3 });

    const traced = await sample(fundId, 'trace_results');
    expect(traced.counts).toEqual({ valid: 1, refused: 1, warnings: 0 });
    expect(traced.rowFindings).toEqual([
      { line: 3, level: 'error', field: 'id_number', message: ROW_MESSAGES.personUnknown },
    ]);
    const payments = await sample(fundId, 'payment_confirmations');
    expect(payments.counts).toEqual({ valid: 0, refused: 2, warnings: 0 });
    expect(new Set(payments.rowFindings?.map((finding) => finding.message))).toEqual(
      new Set([ROW_MESSAGES.claimNotFound]),
    );
  });
});
