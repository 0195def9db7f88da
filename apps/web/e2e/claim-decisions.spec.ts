import { expect, type Page, test } from '@playwright/test';
import {
  declareAndSubmit,
  expectAccessible,
  fillBankAccountForm,
  meetApprovalChecks,
  memberViaApi,
  staffToken,
  uploadClaimDocuments,
} from './support';

/**
 * A member of the generated demo file (seed 2026, row 1000 of `generateMemberRows`) that no other
 * spec uses: two benefits, withdrawal R1,334.89 and surplus R13,008.71.
 */
const DUDUZILE = { idNumber: '9604302522081', phone: '+27616882941', email: 'duduzile.mabizela66@example.co.za' };

/** Staff give the demo fund's administrator (created with the demo data) a new API key. */
async function administratorKey(page: Page, token: string): Promise<string> {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
  const partners = await page.request.get('/api/v1/partners?filter[kind]=fund-administrator', { headers });
  const [administrator] = (await partners.json()).items;
  const key = await page.request.post(`/api/v1/partners/${administrator.id}/api-keys`, {
    headers,
    data: { name: 'Browser test' },
  });
  expect(key.status()).toBe(201);
  return (await key.json()).key;
}

/** A partner API call, as the fund administrator's system makes it: API key only. */
async function partnerCall(page: Page, key: string, path: string, data: object) {
  const response = await page.request.post(`/api/v2/benefitclaim/${path}`, {
    headers: { authorization: `Bearer ${key}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

test('a claim submitted in the browser is approved and paid by the fund administrator, and the member sees it', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await memberViaApi(page, DUDUZILE, { verifyPin: true, passIdentity: true });
  await page.goto('/benefits');
  const card = page.getByRole('article', { name: 'Withdrawal benefit from Demo Retirement Fund' });
  await card.getByRole('button', { name: 'Claim this benefit' }).click();
  await page.getByLabel('These are my details and they are correct').check();
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await fillBankAccountForm(page, 'First National Bank (FNB) (250655)', '62123456733');
  await page.getByRole('button', { name: 'Use this account and continue' }).click();
  await uploadClaimDocuments(page);
  await page.getByLabel('I understand and accept these fees').check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();
  await declareAndSubmit(page);
  await expect(page.getByLabel('Claim timeline')).toContainText('Submitted');

  // The fund administrator's system finds the claim, reads what it needs to pay, approves, pays.
  const token = await staffToken(page);
  const key = await administratorKey(page, token);
  const list = await partnerCall(page, key, 'getlist', { status: 'submitted' });
  const claim = list.items.find((item: { person: { lastName: string } }) => item.person.lastName === 'Mabizela');
  expect(claim).toBeTruthy();
  const details = await partnerCall(page, key, 'getdetails', { claimId: claim.id });
  expect(details.bankAccount).toMatchObject({ accountNumber: '62123456733', universalBranchCode: '250655' });
  // Staff's review meets the approval checks first (issue 36): the administrator answers after it.
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const staff = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
  await meetApprovalChecks(page, { claimId: claim.id, benefitId: details.benefit.id }, staff);
  expect((await partnerCall(page, key, 'approvalresponse', { claimId: claim.id, decision: 'approved' })).status).toBe(
    'approved',
  );
  const paid = { claimId: claim.id, decision: 'paid', paymentReference: 'EFT-DEMO-0001' };
  expect((await partnerCall(page, key, 'approvalresponse', paid)).status).toBe('paid');

  // The member, with the app open, is told at once: a toast top right, and the Activities entry.
  const toast = page.locator('.mantine-Notification-root', { hasText: 'Claim paid' });
  await expect(toast).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Activities/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog.getByRole('button', { name: 'Claim paid' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Claim approved' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The claim's timeline shows the fund's moves, ending in 'Paid'.
  await page.reload();
  const timeline = page.getByLabel('Claim timeline');
  await expect(timeline).toContainText('Approved');
  await expect(timeline).toContainText('Paid');
  await expect(timeline).toContainText('by the fund');
  await expect(page.getByText('Payment reference EFT-DEMO-0001')).toBeVisible();
  await expectAccessible(page, 'the claim page, paid');
});
