import { FAST_TRACK_CONDITION_LABELS, FAST_TRACK_MESSAGES } from '@bcp/contract';
import { expect, type Page, test } from '@playwright/test';
import { claimStepsThroughFees, declareAndSubmit, memberViaApi } from '../../web/e2e/support';
import { expectAccessibleHere, expectTableCellsFormatted, signInDemoAdmin, staffHeaders, staffPage } from './support';

// Issue 21 item 2 in the staff app: the demo fund's fast track set on the fund screen (cleared
// after this file), and a fast-tracked claim's page with the rule's decision and each condition.
test.describe.configure({ mode: 'serial' });

/** A member of the generated demo file (seed 2026, row 1701: withdrawal R446.70) that no other journey uses. */
const THABISA = { idNumber: '6812304177084', phone: '+27812304334', email: 'thabisa.thusi@example.co.za' };

let admin: Page;
let member: Page;
let fundUrl = '';

test.beforeAll(async ({ browser }) => {
  admin = await staffPage(browser);
  member = await staffPage(browser);
});

test.afterAll(async () => {
  // The demo fund has no fast track again, as the other journeys expect it.
  const id = /\/set-up\/funds\/(\d+)/.exec(fundUrl)?.[1];
  if (id) {
    await admin.request.patch(`/api/v1/funds/${id}`, {
      headers: await staffHeaders(admin),
      data: { fastTrackThresholdCents: null, fastTrackDays: null },
    });
  }
  await admin.context().close();
  await member.context().close();
});

test('staff set the fund fast-track threshold and days on the fund screen', async () => {
  await signInDemoAdmin(admin);
  await admin.goto('/admin/set-up/funds');
  await admin.getByRole('row').filter({ hasText: 'Demo Retirement Fund' }).click();
  await expect(admin.getByRole('heading', { name: 'Demo Retirement Fund', level: 1 })).toBeVisible();
  fundUrl = admin.url();
  await admin.getByRole('button', { name: 'Edit fund' }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit fund' });
  await edit.getByRole('textbox', { name: 'Fast-track amount (R)' }).fill('5000');
  // Days are needed with an amount: the server says so on the field.
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText(FAST_TRACK_MESSAGES.daysRequired)).toBeVisible();
  await edit.getByRole('textbox', { name: 'Days promised' }).fill('3');
  await expectAccessibleHere(admin, 'the fund form with the fast track');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(admin.getByText(`Up to R 5 000,00. ${FAST_TRACK_MESSAGES.promise(3)}`)).toBeVisible();
  await expectAccessibleHere(admin, 'the fund page with the fast track');
  await expectTableCellsFormatted(admin, 'the fund page with the fast track');
});

test('a fast-tracked claim shows "Decided by the fast-track rule" with each condition', async () => {
  await member.goto('/main');
  await memberViaApi(member, THABISA, { verifyPin: true, passIdentity: true });
  await member.goto('/benefits');
  await claimStepsThroughFees(member, '62123456782');
  await declareAndSubmit(member);
  await expect(member.getByLabel('Claim timeline')).toContainText('Approved');

  const claims = await admin.request.get('/api/v1/benefits/claims?filter[status]=approved&q=Thusi', {
    headers: await staffHeaders(admin),
  });
  const [claim] = (await claims.json()).items;
  await admin.goto(`/admin/claims/${claim.id}`);
  const decision = admin.getByRole('region', { name: FAST_TRACK_MESSAGES.decidedBy });
  await expect(decision).toBeVisible();
  const rows = decision.getByRole('table', { name: 'Fast-track conditions' }).getByRole('row');
  // The header and one row per condition (issue 36 item 3 added "No fraud or risk flag").
  await expect(rows).toHaveCount(Object.keys(FAST_TRACK_CONDITION_LABELS).length + 1);
  for (const label of Object.values(FAST_TRACK_CONDITION_LABELS)) {
    await expect(decision.getByRole('row').filter({ hasText: label })).toContainText('Passed');
  }
  await expectAccessibleHere(admin, 'a fast-tracked claim');
  await expectTableCellsFormatted(admin, 'a fast-tracked claim');
});
