import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@bcp/contract';
import type { MemberFileRow } from '../member-file.js';
import { generateMemberRows } from './generate-member-file.js';
import { DEMO_FUND, DEMO_MEMBER_COUNT, DEMO_SEED } from './seed-demo-data.js';

/** The password every member `demo:claim` signs up gets (shown in its output). */
export const DEMO_CLAIM_PASSWORD = 'Sunshine#2026';

/**
 * How many persons at the end of the demo member file `demo:claim` may use. The browser journeys
 * use the documented demo members and a few generated ones (rows up to about 2,020 of 2,168); these
 * come after all of them, so a claim made here never takes a journey's member (the test checks it).
 */
const DEMO_CLAIM_POOL = 60;

/** The smallest PDF and PNG files the upload's content checks accept. */
const SAMPLE_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Polls for the PIN and the identity check's result: every 200 ms, at most 30 s. */
const POLL_INTERVAL_MS = 200;
const POLL_LIMIT_MS = 30_000;

/** A member of the demo file `demo:claim` may sign up: one with a mobile number. */
export interface DemoClaimMember {
  idNumber: string;
  firstName: string;
  lastName: string;
  /** E.164, from the member file. */
  phoneNumber: string;
}

/** What `runDemoClaim` left behind. */
export interface DemoClaimResult {
  claimId: number;
  benefitId: number;
  status: string;
  member: DemoClaimMember;
  benefitType: string;
  /** The payout after fees, cents. */
  netAmountCents: number;
}

/**
 * The demo file's members `demo:claim` uses, in the order it tries them: persons among the last
 * `DEMO_CLAIM_POOL` of the file (seed `DEMO_SEED`, `DEMO_MEMBER_COUNT` members, as the server's demo
 * data), last first, with a mobile number (the PIN goes by SMS) and an ID number whose sequence ends
 * 00-79 (an ordinary person to the sandbox register and tracer, whose 80-99 pick special outcomes).
 */
export function demoClaimMembers(): DemoClaimMember[] {
  const persons = new Map<string, MemberFileRow>();
  for (const row of generateMemberRows({ seed: DEMO_SEED, members: DEMO_MEMBER_COUNT, includeDemoMembers: false })) {
    if (!persons.has(row.id_number)) persons.set(row.id_number, row);
  }
  return [...persons.values()]
    .slice(-DEMO_CLAIM_POOL)
    .reverse()
    .filter((row) => row.phone_number && Number(row.id_number.slice(8, 10)) < 80)
    .map((row) => ({
      idNumber: row.id_number,
      firstName: row.first_name,
      lastName: row.last_name,
      phoneNumber: row.phone_number,
    }));
}

/** An HTTP answer of the member API: status and parsed JSON body (null when none). */
interface Answer {
  status: number;
  body: Record<string, unknown> & { errors?: Record<string, string[]> };
}

/** The member API over real HTTP, as the member app calls it: bearer token and the XSRF pair. */
class MemberClient {
  /** Double-submit XSRF: any random value sent as both the cookie and the header. */
  private readonly xsrf = randomBytes(32).toString('base64url');
  token = '';

  constructor(readonly baseUrl: string) {}

  async call(
    method: 'GET' | 'POST',
    path: string,
    body?: object | FormData,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      redirect: 'manual',
      headers: {
        cookie: `XSRF-TOKEN=${this.xsrf}`,
        'x-xsrf-token': this.xsrf,
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body ? { body: body instanceof FormData ? body : JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    let parsed: Answer['body'] = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { message: text.slice(0, 200) };
    }
    return { status: response.status, body: parsed };
  }

  /** The call, which must answer `expected`; else an Error naming the call and the answer. */
  async expect(
    expected: number,
    method: 'GET' | 'POST',
    path: string,
    body?: object | FormData,
    headers?: Record<string, string>,
  ) {
    const answer = await this.call(method, path, body, headers);
    if (answer.status !== expected) {
      throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
    }
    return answer.body;
  }
}

/** Calls `read` until it returns a value, every `POLL_INTERVAL_MS`, for at most `POLL_LIMIT_MS`. */
async function poll<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + POLL_LIMIT_MS;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: nothing after ${POLL_LIMIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/**
 * Signs up the first of `demoClaimMembers()` without an account (`POST person-users`, PIN by SMS).
 * @returns the member, with the client holding its (not yet verified) session
 * @throws Error when every one of them already has an account, or sign-up fails otherwise
 */
async function signUpNextMember(client: MemberClient): Promise<DemoClaimMember> {
  const members = demoClaimMembers();
  for (const member of members) {
    const answer = await client.call('POST', '/api/app/person-users', {
      idNumber: member.idNumber,
      phoneNumber: member.phoneNumber,
      password: DEMO_CLAIM_PASSWORD,
      passwordConfirmation: DEMO_CLAIM_PASSWORD,
      twoFactorMethod: 'SMS',
      acceptTerms: true,
    });
    if (answer.status === 201) {
      client.token = String(answer.body.apiToken);
      return member;
    }
    // An earlier run (or a person trying the app) signed this member up: take the next one.
    if (answer.status === 422 && answer.body.errors?.idNumber?.includes(ACCOUNT_MESSAGES.accountExists)) continue;
    throw new Error(`sign-up answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  }
  throw new Error(
    `all ${members.length} demo members set aside for demo:claim already have an account: their claims are ` +
      'in the back office (Work > Claims) and the partner API; delete .data and restart `npm start` for new ones',
  );
}

/**
 * `npm run demo:claim`: against a running development server (`npm start`), takes a member of the
 * demo file through the member API as the app would (issue 39 item 5) and leaves a **submitted**
 * claim on the demo fund (`DEMO_FUND`), the one the demo partner key serves: sign-up, the PIN from
 * the development outbox (`GET /api/dev/otp`), the sandbox identity check passed, a bank account
 * whose holder name carries the member's surname (ending 1: the sandbox bank match passes), the
 * details confirmed, an ID copy (PDF) and a proof of account (PNG), the fees accepted, then the
 * declaration and submission with `Idempotency-Key`. Each run takes the next member without an
 * account (`demoClaimMembers`), so it can be run again.
 * @param baseUrl the server, e.g. `http://localhost:3000`
 * @returns the submitted claim's id and what it claims
 * @throws Error naming the failed call (server not running, production server without the outbox
 *   or sandbox, every demo member used)
 */
export async function runDemoClaim(baseUrl: string): Promise<DemoClaimResult> {
  const client = new MemberClient(baseUrl);
  await client.call('GET', '/api/health').catch((error: unknown) => {
    throw new Error(`no server at ${baseUrl} (start it with \`npm start\`): ${(error as Error).message}`);
  });
  const member = await signUpNextMember(client);

  const destination = encodeURIComponent(member.phoneNumber);
  // A production server has no development outbox: the poll then ends with an error after 30 s.
  const otp = await poll('the sign-up PIN in the development outbox (/api/dev/otp)', async () => {
    const answer = await client.call('GET', `/api/dev/otp?destination=${destination}`);
    return answer.status === 200 ? String(answer.body.otp) : undefined;
  });
  await client.expect(200, 'POST', '/api/app/beneficiary-sessions/verifyOtp', { otp });

  const check = await client.expect(200, 'GET', '/api/app/beneficiary-sessions/iidentifii');
  // The sandbox's "Pass the check" button: a form post that answers with a redirect to the app.
  const passed = await fetch(String(check.url), {
    method: 'POST',
    body: new URLSearchParams({ outcome: 'pass' }),
    redirect: 'manual',
  });
  if (passed.status >= 400) throw new Error(`the sandbox identity check answered ${passed.status}`);
  await poll('the identity check', async () => {
    const me = await client.expect(200, 'GET', '/api/app/person-users/me');
    return me.iidentifiiVerified === true ? true : undefined;
  });

  const benefits = (await client.expect(200, 'GET', '/api/app/benefits')).items as {
    id: number;
    benefitType: string;
    fund: { registrationNumber: string };
    claim: unknown;
  }[];
  const benefit = benefits.find(
    (item) => item.claim === null && item.fund.registrationNumber === DEMO_FUND.registrationNumber,
  );
  if (!benefit) throw new Error(`no unclaimed benefit on the ${DEMO_FUND.name} for this member`);

  const [bank] = (await client.expect(200, 'GET', '/api/app/banks')).items as { id: number }[];
  const account = await client.expect(201, 'POST', '/api/app/benefit-claims/person-banks', {
    bankId: bank?.id,
    accountType: 'SAVINGS',
    // Unique to this run (no "shared payee account" signal); ending 1: the sandbox bank match passes.
    accountNumber: `1${randomInt(10_000_000, 99_999_999)}1`,
    // The account must be the member's own: the holder name must include the surname.
    holderName: `${member.firstName.charAt(0)} ${member.lastName}`,
  });
  const claimUrl = `/api/app/benefit-claims/${benefit.id}`;
  const draft = await client.expect(200, 'POST', claimUrl, {
    personalDetailsConfirmed: true,
    bankAccountId: account.id,
    feesAccepted: true,
  });
  for (const [kind, name, type, content] of [
    ['ID_COPY', 'id-copy.pdf', 'application/pdf', SAMPLE_PDF],
    ['PROOF_OF_BANK_ACCOUNT', 'bank-statement.png', 'image/png', SAMPLE_PNG],
  ] as const) {
    const form = new FormData();
    form.append('file', new Blob([content], { type }), name);
    await client.expect(201, 'POST', `${claimUrl}/documents?kind=${kind}`, form);
  }
  const netAmountCents = (draft.payout as { netAmountCents: number }).netAmountCents;
  const claim = await client.expect(
    200,
    'POST',
    `${claimUrl}/claim`,
    { declarationAccepted: true, netAmountCents },
    { 'idempotency-key': randomUUID() },
  );
  return {
    claimId: Number(claim.id),
    benefitId: benefit.id,
    status: String(claim.status),
    member,
    benefitType: benefit.benefitType,
    netAmountCents,
  };
}
