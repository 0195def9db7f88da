import { buildSaIdNumber } from '@bcp/contract';
import { expect, type Page } from '@playwright/test';
import { meetApprovalChecks, memberViaApi } from '../../web/e2e/support';
import { readPasswordLink, staffHeaders } from './support';

/** A signed-in staff page's JSON API calls under `/api/v1` (each must succeed). */
export async function staffApi(page: Page) {
  const headers = await staffHeaders(page);
  return async function call<T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, data?: unknown) {
    const response = await page.request.fetch(`/api/v1/${path}`, { method, headers, ...(data ? { data } : {}) });
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
}

/** A fund of the test's own (no administrator, so staff decide its claims) with a 2.5% tracing fee plus VAT. */
export async function createFundWithFee(page: Page, name: string): Promise<number> {
  const call = await staffApi(page);
  const fund = await call<{ id: number }>('POST', 'funds', {
    name,
    registrationNumber: `12/8/${Date.now() % 1_000_000}`,
  });
  await call('POST', `funds/${fund.id}/fees`, { name: 'Tracing fee', kind: 'percentage', basisPoints: 250 });
  return fund.id;
}

/**
 * A second staff user with the super-admin role and a password, created as an admin would (the
 * invitation, then the emailed link's token used to set the password through the API).
 */
export async function secondStaffUser(page: Page, email: string, password: string): Promise<void> {
  const call = await staffApi(page);
  const roles = await call<{ items: { id: number; name: string }[] }>('GET', 'roles?pageSize=100');
  const superAdmin = roles.items.find((role) => role.name === 'super-admin');
  await call('POST', 'users', { email, name: 'Second Checker', roleIds: [superAdmin?.id] });
  const link = await readPasswordLink(page, email);
  const token = link.split('/').pop();
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const set = await page.request.post('/api/v1/admin-sessions/reset-password', {
    headers: { 'x-xsrf-token': xsrf },
    data: { token, password, passwordConfirmation: password },
  });
  expect(set.ok(), await set.text()).toBe(true);
}

/** A member of a test file: a valid, fresh ID number (an ordinary one to the sandboxes), names, member number and mobile number. */
export function fileMember(index: number, seed: number) {
  // The sandbox register and tracer pick their outcome by the sequence's last two digits (81-95:
  // deceased, blocked, names differ, nothing traced...); 00-79 is the ordinary member these journeys need.
  const draw = (seed + index * 7) % 7200;
  const sequence = Math.floor(draw / 80) * 100 + (draw % 80);
  return {
    idNumber: buildSaIdNumber(`19${70 + index}-0${(index % 9) + 1}-1${index % 9}`, sequence),
    firstName: ['Naledi', 'Bongani', 'Refilwe'][index % 3] as string,
    lastName: `Playwright${seed % 10000}`,
    memberNumber: `PW-${seed}-${index}`,
    phone: `+2782${String(1_000_000 + ((seed * 13 + index) % 8_999_999)).padStart(7, '0')}`,
    email: `member.${seed}.${index}@example.co.za`,
  };
}

/**
 * A member file in a fund's own header names (as `docs/samples/member_file.csv`): `members`, then
 * one bad row (an ID number whose check digit is wrong).
 */
export function memberFileCsv(members: ReturnType<typeof fileMember>[]): string {
  const header = 'ID Number,First Names,Surname,Member No,Benefit Type,Amount (R),Email,Cell,Date of Exit';
  const rows = members.map(
    (member) =>
      `${member.idNumber},${member.firstName},${member.lastName},${member.memberNumber},withdrawal,"5 000,00",${member.email},${member.phone},2020-06-30`,
  );
  const good = members[0]?.idNumber ?? '8001015009087';
  const badId = good.slice(0, 12) + String((Number(good[12]) + 1) % 10);
  rows.push(`${badId},Broken,Row,PW-BAD-1,withdrawal,100.00,,,2020-06-30`);
  return `${[header, ...rows].join('\n')}\n`;
}

const SAMPLE_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The member signs up and claims their benefit through the member API (bank account, both
 * documents, fees, declaration): a submitted claim, waiting for staff. `page` is a fresh context
 * (the member's phone). Returns the claim's id.
 */
export async function submittedClaim(
  page: Page,
  member: { idNumber: string; phone: string; email: string; lastName: string },
  benefitId: number,
): Promise<number> {
  await page.goto('/');
  const token = await memberViaApi(
    page,
    { idNumber: member.idNumber, phone: member.phone, email: member.email },
    { verifyPin: true, passIdentity: true },
  );
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
  const post = async (path: string, options: Parameters<Page['request']['post']>[1]) => {
    const response = await page.request.post(`/api/app/${path}`, { headers, ...options });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  const banks = await (await page.request.get('/api/app/banks', { headers })).json();
  const account = await post('benefit-claims/person-banks', {
    data: {
      bankId: banks.items[0].id,
      accountType: 'SAVINGS',
      // An account of the member's own: a number shared with another person is a risk flag (issue 36).
      accountNumber: `1${String(Date.now()).slice(-8)}1`, // ends 1: the sandbox passes it (000 would be unavailable)
      holderName: `N ${member.lastName}`,
    },
  });
  const draft = await post(`benefit-claims/${benefitId}`, {
    data: { personalDetailsConfirmed: true, bankAccountId: account.id, feesAccepted: true },
  });
  for (const [kind, name, mimeType, buffer] of [
    ['ID_COPY', 'id.pdf', 'application/pdf', SAMPLE_PDF],
    ['PROOF_OF_BANK_ACCOUNT', 'bank.png', 'image/png', SAMPLE_PNG],
  ] as const) {
    await post(`benefit-claims/${benefitId}/documents?kind=${kind}`, {
      multipart: { file: { name, mimeType, buffer } },
    });
  }
  const claim = await post(`benefit-claims/${benefitId}/claim`, {
    data: { declarationAccepted: true, netAmountCents: draft.payout.netAmountCents },
  });
  return claim.id;
}

/**
 * The member claims their benefit (`submittedClaim`), and staff approve it and mark it paid: a
 * paid claim with fees to invoice. `page` is a fresh context (the member's phone); `staff` a
 * signed-in staff page.
 */
export async function paidClaim(
  page: Page,
  staff: Page,
  member: { idNumber: string; phone: string; email: string; lastName: string },
  benefitId: number,
): Promise<number> {
  const claimId = await submittedClaim(page, member, benefitId);
  await meetApprovalChecks(staff, { claimId, benefitId }, await staffHeaders(staff));
  const call = await staffApi(staff);
  await call('POST', `benefits/claim/${claimId}/decision`, { decision: 'approved' });
  await call('POST', `benefits/claim/${claimId}/decision`, {
    decision: 'paid',
    paymentReference: `EFT-PW-${claimId}`,
  });
  return claimId;
}
