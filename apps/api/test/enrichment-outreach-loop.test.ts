import { buildSaIdNumber, type FileUploadResponse } from '@bcp/contract';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefits, persons, personUsers } from '../src/db/schema/index.js';
import { ENRICHMENT_QUEUE } from '../src/modules/enrichment/enrichment-runs.service.js';
import { ACCEPT_UPLOAD_QUEUE } from '../src/modules/file-uploads/accept-upload.job.js';
import { INVITATIONS_QUEUE } from '../src/modules/outreach/invitations.service.js';
import { PARTNER_FILE_QUEUE } from '../src/modules/partner-files/build-partner-file.job.js';
import { createPartner } from '../src/modules/partners/partners.service.js';
import { SANDBOX_DIGITS, sandboxTracedPhone } from '../src/platform/enrichment/sandbox-step-providers.js';
import { MESSAGE_QUEUE } from '../src/platform/messaging/messenger.js';
import { call, latestOtp, STRONG_PASSWORD } from './support/accounts.js';
import { type ClaimingMember, prepareClaim } from './support/claims.js';
import { newFund } from './support/enrichment.js';
import { csvFile, validatedUpload } from './support/file-uploads.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 17 "Done when": the whole loop. A member file is uploaded and accepted -> enrichment runs
 * -> a partner file is generated and the partner's results are uploaded -> invitations go out (read
 * from the outbox) -> an invited person searches, signs up and claims.
 */
let testApp: TestApp;
let maker: Staff;
let checker: Staff;
let operator: Staff;
const app = () => testApp.app;
const SYSTEM = { actor: { type: 'system', label: 'test' } } as const;
/** 10:00 SAST. */
const MORNING = new Date('2026-04-06T08:00:00Z');

beforeAll(async () => {
  testApp = await createTestApp();
  maker = await createStaff(app(), ['file-uploads.read', 'file-uploads.write']);
  checker = await createStaff(app(), ['file-uploads.read', 'file-uploads.accept']);
  operator = await createStaff(app(), [
    'enrichment.read',
    'file-downloads.read',
    'file-downloads.generate',
    'outreach.read',
    'outreach.send',
  ]);
});
afterAll(async () => {
  app().clock.set(null);
  await testApp.close();
});

async function uploadAndAccept(
  fundId: number,
  type: string,
  rows: string[][],
  name: string,
): Promise<FileUploadResponse> {
  const [header, ...data] = rows;
  const upload = await validatedUpload(app(), maker.token, {
    fundId,
    type,
    header: header as string[],
    fileName: name,
    content: csvFile([header as string[], ...data]),
  });
  expect(upload.status).toBe('validated');
  const accepted = await call(app(), 'PATCH', `/api/v1/file-uploads/${upload.id}/accept`, {
    token: checker.token,
    body: {},
  });
  expect(accepted.statusCode).toBe(200);
  await app().jobs.idle([ACCEPT_UPLOAD_QUEUE]);
  return upload;
}

/** The development outbox page's text for a destination (the phone the person would have had). */
async function outboxPage(destination: string): Promise<string> {
  const page = await app().inject({
    method: 'GET',
    url: `/api/dev/outbox?destination=${encodeURIComponent(destination)}`,
  });
  expect(page.statusCode).toBe(200);
  return page.body;
}

describe('the enrichment and outreach loop', () => {
  it('upload -> enrich -> partner file -> trace results -> invitations -> search, sign up, claim', async () => {
    app().clock.set(MORNING);
    const fundId = await newFund(app(), 'Loop Fund');
    const partner = await createPartner(
      app().db,
      { name: 'Loop Tracers', kind: 'tracing-partner', fundIds: [fundId] },
      SYSTEM,
    );
    const hidden = buildSaIdNumber('1979-09-09', 4400 + Number(SANDBOX_DIGITS.nothingTraced));
    const traced = buildSaIdNumber('1981-01-21', 4410);
    const deceased = buildSaIdNumber('1940-05-05', 4400 + Number(SANDBOX_DIGITS.deceased));

    // 1. The fund's member file is uploaded and accepted (maker-checker).
    const memberFile = await uploadAndAccept(
      fundId,
      'member_file',
      [
        ['id_number', 'first_name', 'last_name', 'member_number', 'benefit_type', 'amount'],
        [hidden, 'Thandi', 'Mokoena', 'L-1', 'withdrawal', '12 480,50'],
        [traced, 'Sipho', 'Ndlovu', 'L-2', 'withdrawal', '960.00'],
        [deceased, 'Johan', 'Botha', 'L-3', 'retirement', '58 120'],
      ],
      'loop-members.csv',
    );

    // 2. Enrichment runs on its own: the deceased member is flagged (s37C), the trace finds Sipho.
    await app().jobs.idle([ENRICHMENT_QUEUE]);
    const runs = await call(app(), 'GET', `/api/v1/file-uploads/enrichments?filter[fileUploadId]=${memberFile.id}`, {
      token: operator.token,
    });
    expect(runs.json().items[0]).toMatchObject({ status: 'completed', total: 9, done: 9 });
    const [flagged] = await app().db.select().from(benefits).where(eq(benefits.memberNumber, 'L-3'));
    expect(flagged?.dependantsProcessAt).not.toBeNull();

    // 3. The tracing partner's file holds only Thandi (Sipho traced, Johan deceased).
    const generated = await call(app(), 'GET', `/api/v1/file-download/${partner.id}/generate?format=csv`, {
      token: operator.token,
    });
    expect(generated.statusCode).toBe(202);
    await app().jobs.idle([PARTNER_FILE_QUEUE]);
    const download = await call(app(), 'GET', generated.json().downloadUrl, { token: operator.token });
    const toTrace = parse(download.body, { columns: true }) as Record<string, string>[];
    expect(toTrace.map((row) => row.id_number)).toEqual([hidden]);

    // 4. The partner answers with a trace_results file: Thandi's phone.
    const thandiPhone = '+27825550101';
    await uploadAndAccept(
      fundId,
      'trace_results',
      [
        ['id_number', 'first_name', 'last_name', 'phone_number'],
        ...toTrace.map((row) => [
          row.id_number as string,
          row.first_name as string,
          row.last_name as string,
          '082 555 0101',
        ]),
      ],
      'loop-trace-results.csv',
    );
    const [thandi] = await app().db.select().from(persons).where(eq(persons.idNumber, hidden));
    expect(thandi?.phoneNumber).toBe(thandiPhone);

    // 5. Invitations go out: SMS to Thandi (partner's find) and Sipho (bureau trace), none to Johan.
    const sent = await call(app(), 'POST', `/api/v1/funds/${fundId}/outreach/invitations`, {
      token: operator.token,
      body: {},
    });
    expect(sent.statusCode).toBe(202);
    await app().jobs.idle([INVITATIONS_QUEUE]);
    await app().jobs.idle([MESSAGE_QUEUE]);
    const thandiOutbox = await outboxPage(thandiPhone);
    expect(thandiOutbox).toContain('outreach.invitation');
    expect(thandiOutbox).toContain('Loop Fund');
    expect(thandiOutbox).toContain('Claiming is free');
    expect(await outboxPage(sandboxTracedPhone(traced))).toContain('outreach.invitation');

    // 6. Thandi searches with her ID number, signs up with the invited phone, and claims.
    const search = await call(app(), 'GET', `/api/app/benefits/idNumber?idNumber=${hidden}`);
    expect(search.json()).toEqual({ totalBenefits: 1 });
    const signUp = await call(app(), 'POST', '/api/app/person-users', {
      remoteAddress: '10.170.0.1',
      body: {
        idNumber: hidden,
        email: 'thandi.loop@example.co.za',
        phoneNumber: thandiPhone,
        password: STRONG_PASSWORD,
        passwordConfirmation: STRONG_PASSWORD,
        twoFactorMethod: 'SMS',
        acceptTerms: true,
      },
    });
    expect(signUp.statusCode).toBe(201);
    const { apiToken, personUser } = signUp.json();
    const verified = await call(app(), 'POST', '/api/app/beneficiary-sessions/verifyOtp', {
      remoteAddress: '10.170.0.1',
      token: apiToken,
      body: { otp: await latestOtp(app(), thandiPhone) },
    });
    expect(verified.statusCode).toBe(200);
    // The identity check itself (provider sandbox, signed callback) is tested in identity-*.test.ts.
    await app().db.update(personUsers).set({ iidentifiiVerified: true }).where(eq(personUsers.id, personUser.id));
    const [benefit] = await app().db.select().from(benefits).where(eq(benefits.memberNumber, 'L-1'));
    const member = { token: apiToken, benefitId: benefit?.id } as ClaimingMember;
    const { netAmountCents } = await prepareClaim(app(), member);
    const claim = await call(app(), 'POST', `/api/app/benefit-claims/${benefit?.id}/claim`, {
      token: apiToken,
      body: { declarationAccepted: true, netAmountCents },
    });
    expect(claim.statusCode).toBe(200);
    expect(claim.json().status).toBe('submitted');

    // 7. Staff see what came of each invitation, and the funnel.
    const invitations = await call(app(), 'GET', `/api/v1/funds/${fundId}/outreach/invitations?filter[channel]=sms`, {
      token: operator.token,
    });
    const thandiInvitation = invitations
      .json()
      .items.find((item: { person: { id: number } }) => item.person.id === thandi?.id);
    expect(thandiInvitation).toMatchObject({ optedOut: false, signedUpAt: expect.any(String) });
    const funnel = await call(app(), 'GET', `/api/v1/funds/${fundId}/outreach/funnel`, { token: operator.token });
    expect(funnel.json()).toMatchObject({
      persons: 3,
      traced: 2,
      invited: 2,
      signedUp: 1,
      claimed: 1,
      paid: 0,
      dependantsProcess: 1,
    });
  });
});
