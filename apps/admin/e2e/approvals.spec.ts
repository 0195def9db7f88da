import { expect, type Page, test } from '@playwright/test';
import { claimStepsThroughFees, declareAndSubmit, meetApprovalChecks, memberViaApi } from '../../web/e2e/support';
import {
  expectAccessibleHere,
  expectTableCellsFormatted,
  signInDemoAdmin,
  signInThroughScreens,
  staffHeaders,
  staffPage,
} from './support';
import { secondStaffUser } from './work-data';

// Issue 36 items 1-2 "Done when" in the staff app at 1280x800: a claim over the fund's
// second-approval amount cannot be approved while its checks are unmet (not without an override
// and its reason); once they are met the demo admin gives the first approval, a second staff user
// confirms it, and the member's app shows Approved only then. The demo fund's administrator and
// second-approval amount are put back after this file.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 800 } });

/** A member of the generated demo file (seed 2026, row 1606: withdrawal R4,698.10) that no other journey uses. */
const KRISTIE = { idNumber: '7302100427080', phone: '+27609732488', email: 'kristie.gleason73@example.co.za' };
const SECOND = { email: `second.approver.${Date.now()}@benefitfinder.co.za`, password: 'Second#Approver2026' };

let admin: Page;
let checker: Page;
let member: Page;
let fund: { id: number; administratorPartnerId: number | null } | undefined;
let claimUrl = '';

test.beforeAll(async ({ browser }) => {
  admin = await staffPage(browser);
  checker = await staffPage(browser);
  member = await staffPage(browser);
});

test.afterAll(async () => {
  if (fund) {
    await admin.request.patch(`/api/v1/funds/${fund.id}`, {
      headers: await staffHeaders(admin),
      data: { administratorPartnerId: fund.administratorPartnerId, secondApprovalThresholdCents: null },
    });
  }
  for (const page of [admin, checker, member]) await page.context().close();
});

test('staff set the fund’s second-approval amount on the fund screen', async () => {
  await signInDemoAdmin(admin);
  await admin.goto('/admin/set-up/funds');
  await admin.getByRole('row').filter({ hasText: 'Demo Retirement Fund' }).click();
  await expect(admin.getByRole('heading', { name: 'Demo Retirement Fund', level: 1 })).toBeVisible();
  const id = Number(/\/set-up\/funds\/(\d+)/.exec(admin.url())?.[1]);
  const headers = await staffHeaders(admin);
  const demo = await (await admin.request.get(`/api/v1/funds/${id}`, { headers })).json();
  fund = { id, administratorPartnerId: demo.administrator?.id ?? null };
  // Staff decide the fund's claims for this journey (its administrator is put back after it).
  const detached = await admin.request.patch(`/api/v1/funds/${id}`, {
    headers,
    data: { administratorPartnerId: null },
  });
  expect(detached.status()).toBe(200);
  await admin.reload();

  await admin.getByRole('button', { name: 'Edit fund' }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit fund' });
  await edit.getByRole('textbox', { name: 'Second-approval amount (R)' }).fill('1000');
  await expectAccessibleHere(admin, 'the fund form with the second-approval amount');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(admin.getByText('Two people approve claims over R 1 000,00')).toBeVisible();
});

test('the member submits a claim of R4,698.10 in the app', async () => {
  await member.goto('/main');
  await memberViaApi(member, KRISTIE, { verifyPin: true, passIdentity: true });
  await member.goto('/benefits');
  await claimStepsThroughFees(member, '62123456740');
  await declareAndSubmit(member);
  await expect(member.getByLabel('Claim timeline')).toContainText('Submitted');
});

test('with its checks unmet the claim is not approved without an override reason', async () => {
  await admin.goto('/admin/claims');
  await admin.getByRole('row').filter({ hasText: 'Kristie Gleason' }).click();
  await expect(admin.getByRole('heading', { name: /^Claim \d+: Kristie Gleason$/, level: 1 })).toBeVisible();
  claimUrl = admin.url();
  await expect(admin.getByText('Not ready to approve')).toBeVisible();
  const checks = admin.getByRole('table', { name: 'Approval checks' });
  await expect(checks.getByRole('row', { name: /Bank match run and passed/ })).toContainText(
    'The bank match has not run.',
  );
  await expect(admin.getByText('Over R 1 000,00: two different people approve this claim.')).toBeVisible();
  await expectAccessibleHere(admin, 'the claim page with unmet approval checks');
  await expectTableCellsFormatted(admin, 'the claim page with unmet approval checks');

  await admin.getByRole('button', { name: 'Start review' }).click();
  await admin.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = admin.getByRole('dialog', { name: 'Give the first of two approvals' });
  await expect(approve.getByText('Approval checks not met')).toBeVisible();
  await expectAccessibleHere(admin, 'the approve dialog with unmet checks');
  const net = (
    await approve
      .getByRole('row', { name: /Net payout/ })
      .getByRole('cell')
      .innerText()
  ).trim();
  await approve.getByRole('textbox', { name: /Type the net payout to confirm/ }).fill(net);
  await approve.getByRole('button', { name: 'Give first approval' }).click();
  await expect(approve.getByText('Give the reason for approving anyway (at least 10 characters).')).toBeVisible();
  await admin.keyboard.press('Escape');
  await expect(approve).toBeHidden();
  await expect(admin.getByText('Approved, awaiting second approval')).toHaveCount(0);
});

test('once the checks are met, the demo admin gives the first approval: the claim awaits a second', async () => {
  const claimId = Number(/\/claims\/(\d+)/.exec(claimUrl)?.[1]);
  const benefit = await (
    await admin.request.get(`/api/v1/benefits/claim/${claimId}`, { headers: await staffHeaders(admin) })
  ).json();
  await meetApprovalChecks(admin, { claimId, benefitId: benefit.benefit.id }, await staffHeaders(admin));
  await admin.reload();
  await expect(admin.getByText('Ready to approve')).toBeVisible();
  await admin.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = admin.getByRole('dialog', { name: 'Give the first of two approvals' });
  await expect(approve.getByRole('table', { name: 'What will be paid' })).toContainText('Passed');
  const net = (
    await approve
      .getByRole('row', { name: /Net payout/ })
      .getByRole('cell')
      .innerText()
  ).trim();
  await approve.getByRole('textbox', { name: /Type the net payout to confirm/ }).fill(net);
  await approve.getByRole('button', { name: 'Give first approval' }).click();
  await expect(approve).toBeHidden();
  await expect(admin.getByText('Approved, awaiting second approval')).toBeVisible();
  await expectAccessibleHere(admin, 'the claim awaiting its second approval');
  await expectTableCellsFormatted(admin, 'the claim awaiting its second approval');
  // The same person cannot give the second approval.
  await admin.getByRole('button', { name: 'Give second approval' }).click();
  const again = admin.getByRole('dialog', { name: 'Give the second approval' });
  await again.getByRole('textbox', { name: /Type the net payout to confirm/ }).fill(net);
  await again.getByRole('button', { name: 'Give second approval' }).click();
  await expect(admin.getByText('A second approval must come from another person than the first.')).toBeVisible();
  await admin.keyboard.press('Escape');
  await expect(again).toBeHidden();

  await member.reload();
  await expect(member.getByLabel('Claim timeline')).not.toContainText('Approved');
});

test('a second staff user confirms it, and the member’s app shows Approved', async () => {
  await secondStaffUser(admin, SECOND.email, SECOND.password);
  await signInThroughScreens(checker, SECOND.email, SECOND.password);
  await checker.goto(claimUrl);
  await expect(checker.getByText('Approved, awaiting second approval')).toBeVisible();
  await checker.getByRole('button', { name: 'Give second approval' }).click();
  const confirm = checker.getByRole('dialog', { name: 'Give the second approval' });
  await expectAccessibleHere(checker, 'the second approval dialog');
  const net = (
    await confirm
      .getByRole('row', { name: /Net payout/ })
      .getByRole('cell')
      .innerText()
  ).trim();
  await confirm.getByRole('textbox', { name: /Type the net payout to confirm/ }).fill(net);
  await confirm.getByRole('button', { name: 'Give second approval' }).click();
  await expect(confirm).toBeHidden();
  await expect(checker.getByLabel('Claim timeline')).toContainText('Approved');

  await member.reload();
  await expect(member.getByLabel('Claim timeline')).toContainText('Approved');
});
