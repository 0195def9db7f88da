import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { ageOtps, call, latestOtp, STRONG_PASSWORD, signUpMember } from './support/accounts.js';
import { claimingMember, prepareClaim, readyForApproval } from './support/claims.js';
import {
  type DocumentedOperation,
  fileOperations,
  type RecordedResponse,
  recordResponses,
  responseChecker,
} from './support/openapi-responses.js';
import { administratorOf } from './support/partners.js';
import { createStaff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
let recorded: RecordedResponse[] = [];
beforeAll(async () => {
  testApp = await createTestApp({
    prepare: (app) => {
      recorded = recordResponses(app);
    },
  });
});
afterAll(async () => testApp.close());

const app = () => testApp.app;
const served = async () => (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json();

/** The member's way through the app: sign-up, PIN, sign-in, benefits, a claim to submission. */
async function memberFlow(): Promise<{ claimId: number; fundId: number }> {
  const member = await signUpMember(app());
  // From an address of its own, as in the sign-in tests: per-IP limits stay out of the way.
  const remoteAddress = '10.26.0.1';
  await ageOtps(app(), member.phoneNumber, 3600);
  const signIn = await call(app(), 'POST', '/api/app/beneficiary-sessions/login', {
    remoteAddress,
    body: { identifier: member.idNumber, password: STRONG_PASSWORD },
  });
  const token = signIn.json().apiToken;
  await call(app(), 'POST', '/api/app/beneficiary-sessions/otp', { token, remoteAddress });
  await call(app(), 'POST', '/api/app/beneficiary-sessions/verifyOtp', { token, remoteAddress, body: { otp: 'x' } });
  const otp = await latestOtp(app(), member.phoneNumber);
  await call(app(), 'POST', '/api/app/beneficiary-sessions/verifyOtp', { token, remoteAddress, body: { otp } });
  await call(app(), 'GET', `/api/app/person-users/${member.personUserId}`, { token });
  await call(app(), 'POST', '/api/app/beneficiary-sessions/login', { body: { identifier: member.idNumber } });
  await call(app(), 'GET', '/api/app/benefits', {});

  const claimant = await claimingMember(app());
  const auth = { token: claimant.token };
  await call(app(), 'GET', '/api/app/benefits', auth);
  await call(app(), 'GET', '/api/app/benefits/total', auth);
  await call(app(), 'GET', `/api/app/benefits/${claimant.benefitId}/benefit`, auth);
  await call(app(), 'GET', '/api/app/identity-verifications/latest', auth);
  const { netAmountCents } = await prepareClaim(app(), claimant);
  await call(app(), 'GET', `/api/app/benefit-claims/${claimant.benefitId}`, auth);
  await call(app(), 'GET', '/api/app/benefit-claims/person-banks', auth);
  const submitted = await call(app(), 'POST', `/api/app/benefit-claims/${claimant.benefitId}/claim`, {
    ...auth,
    body: { declarationAccepted: true, netAmountCents },
  });
  await call(app(), 'GET', `/api/app/benefit-claims/${claimant.benefitId}`, auth);
  await call(app(), 'GET', '/api/app/firebase/notification-total', auth);
  await call(app(), 'DELETE', '/api/app/beneficiary-sessions/logout', { token });
  return { claimId: submitted.json().id, fundId: claimant.fundId };
}

/** The partner's calls on that claim, including the answers a partner gets wrong. */
async function partnerFlow(claimId: number, fundId: number): Promise<void> {
  const { key } = await administratorOf(app(), fundId);
  const partner = (path: string, body: object, token = key) =>
    call(app(), 'POST', `/api/v2/benefitclaim/${path}`, { token, body });
  await partner('getlist', {});
  await partner('getlist', { status: 'submitted', pageSize: 1 });
  await partner('getlist', { pageSize: 0 });
  await partner('getlist', {}, 'bcp_pk_wrong');
  await partner('getdetails', { claimId });
  await partner('getdetails', { claimId: 999_999_999 });
  const documents = (await partner('getdetails', { claimId })).json().documents as { id: number }[];
  // A file (streamed, not recorded) and a JSON 404.
  await partner('getdocument', { claimId, documentId: documents[0]?.id ?? 0 });
  await partner('getdocument', { claimId, documentId: 999_999_999 });
  await partner('approvalresponse', { claimId, decision: 'paid', paymentReference: 'EFT-1' });
  // Before staff's review meets the approval checks (issue 36): 409 naming them; then approved.
  await partner('approvalresponse', { claimId, decision: 'approved' });
  const reviewer = await createStaff(app(), ['claims.read', 'claims.review']);
  const benefitId = (await partner('getdetails', { claimId })).json().benefit?.id as number | undefined;
  if (benefitId === undefined) throw new Error('getdetails gave no benefit id');
  await readyForApproval(app(), { claimId, benefitId }, reviewer.token);
  await partner('approvalresponse', { claimId, decision: 'approved' });
  await partner('approvalresponse', { claimId, decision: 'approved' });
  await partner('approvalresponse', { claimId, decision: 'rejected' });
}

describe('issue 26: every response of the member and partner flows matches the served document', () => {
  it(
    'checks each response against its operation and status with Ajv (draft 2020-12)',
    async () => {
      const { claimId, fundId } = await memberFlow();
      await partnerFlow(claimId, fundId);

      const check = responseChecker(await served());
      const flows = recorded.filter(({ operation }) => /^\w+ \/api\/(app|v2)\//.test(operation));
      expect(flows.flatMap(check)).toEqual([]);
      const statuses = new Set(flows.map(({ operation, status }) => `${operation} ${status}`));
      for (const expected of [
        'POST /api/app/person-users 201',
        'POST /api/app/beneficiary-sessions/login 200',
        'POST /api/app/beneficiary-sessions/login 422',
        'POST /api/app/beneficiary-sessions/verifyOtp 200',
        'POST /api/app/beneficiary-sessions/verifyOtp 422',
        'GET /api/app/benefits 401',
        'POST /api/app/benefit-claims/{id}/claim 200',
        'POST /api/v2/benefitclaim/getlist 200',
        'POST /api/v2/benefitclaim/getlist 401',
        'POST /api/v2/benefitclaim/getlist 422',
        'POST /api/v2/benefitclaim/getdetails 200',
        'POST /api/v2/benefitclaim/getdetails 404',
        'POST /api/v2/benefitclaim/getdocument 404',
        'POST /api/v2/benefitclaim/approvalresponse 200',
        'POST /api/v2/benefitclaim/approvalresponse 409',
      ]) {
        expect([...statuses], expected).toContain(expected);
      }
    },
    scaled(120_000),
  );

  it('finds a response that does not match (the check can fail)', async () => {
    const check = responseChecker(await served());
    const body = JSON.stringify({ items: [{ id: 'one' }], pageSize: 25 });
    const problems = check({
      operation: 'POST /api/v2/benefitclaim/getlist',
      status: 200,
      contentType: 'application/json',
      body,
    });
    expect(problems.join('\n')).toContain('nextCursor');
    expect(
      check({ operation: 'POST /api/v2/benefitclaim/getlist', status: 418, contentType: 'application/json', body }),
    ).toEqual(['POST /api/v2/benefitclaim/getlist: status 418 not documented']);
  });
});

describe('issue 34 item 11: every file route answers its errors as the served document says (JSON)', () => {
  it(
    '401, 403, 404, 422 and 429 of each file route match their documented JSON error answer',
    async () => {
      const paths = (await served()).paths as Record<string, Record<string, DocumentedOperation>>;
      const files = fileOperations(paths);
      // The file routes today; one added later is walked too (the document finds it).
      expect(files.map(({ name }) => name)).toEqual(
        expect.arrayContaining([
          'GET /api/app/benefit-claims/{id}/statement',
          'GET /api/v1/benefits/claim/{id}/documents/{documentId}',
          'GET /api/v1/benefits/claims/export',
          'GET /api/v1/benefits/export',
          'GET /api/v1/benefits/{id}/statement',
          'GET /api/v1/file-download/{id}/download',
          'GET /api/v1/file-uploads/{id}/download',
          'GET /api/v1/invoices/export',
          'GET /api/v1/invoices/{id}/pdf',
          'POST /api/v2/benefitclaim/getdocument',
        ]),
      );
      const staff = await createStaff(app(), 'super-admin');
      const unpermitted = await createStaff(app(), []);
      const member = await claimingMember(app());
      const unidentified = await claimingMember(app(), { identityVerified: false });
      const partner = await administratorOf(app(), member.fundId);
      const aimed: string[] = [];
      const answered: string[] = [];
      let addresses = 0;
      for (const { method, path, operation, name } of files) {
        const staffRoute = path.startsWith('/api/v1/');
        // The partner API's file route (POST, ids in the body; issue 39 item 4).
        const partnerRoute = path.startsWith('/api/v2/');
        const token = staffRoute ? staff.token : partnerRoute ? partner.key : member.token;
        const withParams = (value: string) => path.replace(/\{\w+\}/g, value);
        const hasFormat = (operation.parameters ?? []).some((parameter) => parameter.name === 'format');
        const get = async (url: string, options: { token?: string; remoteAddress?: string; body?: object } = {}) =>
          (await call(app(), method as 'GET', url, options)).statusCode;
        const attempt = async (status: number, url: string, options: { token?: string; body?: object } = {}) => {
          aimed.push(`${name} ${status}`);
          answered.push(`${name} ${await get(url, options)}`);
        };
        if (partnerRoute) {
          await attempt(401, path, { body: { claimId: 1, documentId: 1 } });
          await attempt(404, path, { token, body: { claimId: 999_999_999, documentId: 999_999_999 } });
          await attempt(422, path, { token, body: { claimId: 'x', documentId: 1 } });
          // 429 is past 600 calls a minute: the walk below sends at most 200.
          continue;
        }
        await attempt(401, withParams('1'));
        if ('403' in operation.responses) {
          await attempt(403, withParams('1'), { token: staffRoute ? unpermitted.token : unidentified.token });
        }
        if (path.includes('{')) {
          await attempt(404, withParams('999999999'), { token });
          await attempt(422, withParams('x'), { token });
        } else if (hasFormat) {
          await attempt(422, `${path}?format=x`, { token });
        }
        if ('429' in operation.responses) {
          addresses += 1;
          const remoteAddress = `10.34.11.${addresses}`;
          let status = 0;
          for (let sent = 0; sent < 200 && status !== 429; sent += 1)
            status = await get(withParams('1'), { remoteAddress });
          aimed.push(`${name} 429`);
          answered.push(`${name} ${status}`);
        }
      }
      // Every request got the error it aimed at (the walk is not vacuous)...
      expect(answered).toEqual(aimed);
      expect(aimed).toEqual(expect.arrayContaining(['GET /api/app/benefit-claims/{id}/statement 429']));
      // ...and each error answer (JSON, the error shape) is the one its operation documents.
      const check = responseChecker(await served());
      const operations = new Set(files.map(({ name }) => name));
      const errors = recorded.filter(({ operation, status }) => operations.has(operation) && status >= 400);
      expect(errors.length).toBeGreaterThanOrEqual(aimed.length);
      expect(errors.flatMap(check)).toEqual([]);
    },
    scaled(120_000),
  );
});
