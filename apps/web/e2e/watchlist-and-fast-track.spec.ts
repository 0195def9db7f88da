import { buildSaIdNumber, FAST_TRACK_MESSAGES, WATCHLIST_MESSAGES } from '@bcp/contract';
import { expect, type Page, test } from '@playwright/test';
import {
  claimStepsThroughFees,
  enterPin,
  expectAccessible,
  memberViaApi,
  PHONE_VIEWPORT,
  readOtp,
  staffToken,
} from './support';

/**
 * Issue 21 items 2 and 3 on a 390 px phone: the fast-track promise before a claim is submitted to
 * a fund with a fast track (the demo fund, given one for this file and cleared after), and the
 * watchlist sign-up under a search that found nothing (PIN from the development outbox). Member:
 * Vincent (demo file, seed 2026, row 1706: one withdrawal benefit of R361.03) that no other spec uses.
 */
const VINCENT = { idNumber: '4712066155082', phone: '+27629351783', email: 'vincent_dlamini@example.co.za' };

test.use({ viewport: PHONE_VIEWPORT });

/** Sets (or clears, with null) the demo fund's fast track as staff (`token`). */
async function demoFundFastTrack(page: Page, token: string, thresholdCents: number | null, days: number | null) {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
  const funds = await page.request.get('/api/v1/funds?q=Demo%20Retirement%20Fund', { headers });
  const [fund] = (await funds.json()).items;
  const patched = await page.request.patch(`/api/v1/funds/${fund.id}`, {
    headers,
    data: { fastTrackThresholdCents: thresholdCents, fastTrackDays: days },
  });
  expect(patched.status(), await patched.text()).toBe(200);
}

test('a member sees the fast-track promise before submitting, and the claim is approved at once', async ({ page }) => {
  test.slow();
  await page.goto('/main');
  const token = await staffToken(page);
  await demoFundFastTrack(page, token, 500_000, 3);
  try {
    await memberViaApi(page, VINCENT, { verifyPin: true, passIdentity: true });
    await page.goto('/benefits');
    await claimStepsThroughFees(page, '62123456781');
    await page.getByLabel('I make this declaration').check();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    const promise = page.getByRole('alert').filter({ hasText: FAST_TRACK_MESSAGES.promise(3) });
    await expect(promise).toBeVisible();
    await expect(promise).toContainText(FAST_TRACK_MESSAGES.promiseCaption);
    await expect(page.getByRole('button', { name: 'Submit my claim' })).toBeVisible();
    await expectAccessible(page, 'the submit step with the fast-track promise');

    await page.getByRole('button', { name: 'Submit my claim' }).click();
    await expect(page).toHaveURL(/\/benefit\/claim-details$/);
    await expect(page.getByLabel('Claim timeline')).toContainText('Approved');
  } finally {
    await demoFundFastTrack(page, token, null, null);
  }
});

test('after a search with no benefits, a person signs up for the watchlist with a PIN', async ({ page }) => {
  test.slow();
  const idNumber = buildSaIdNumber('1931-02-03', 4321);
  const phone = '+27831112233';
  await page.goto('/auth/search');
  await page.getByLabel('Your South African ID number').fill(idNumber);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search-complete\/0\//);
  const watch = page.getByRole('region', { name: WATCHLIST_MESSAGES.offer });
  await expect(watch).toBeVisible();
  await expectAccessible(page, 'the no-benefits result with the watchlist sign-up');

  // Nothing filled in: the number and the consent are asked for, nothing is sent.
  await watch.getByRole('button', { name: 'Send me a PIN' }).click();
  await expect(watch.getByText('Field is required')).toBeVisible();
  await expect(watch.getByText(WATCHLIST_MESSAGES.consentRequired)).toBeVisible();

  await watch.getByRole('textbox', { name: 'Mobile phone number' }).fill('083 111 2233');
  await watch.getByRole('checkbox', { name: WATCHLIST_MESSAGES.consent }).check();
  await watch.getByRole('button', { name: 'Send me a PIN' }).click();
  await expect(watch.getByRole('group', { name: 'One-time PIN' })).toBeVisible();
  await expectAccessible(page, 'the watchlist PIN');

  await enterPin(page, await readOtp(page, phone), 'Start the watch');
  await expect(watch.getByRole('status')).toContainText(WATCHLIST_MESSAGES.watching);
  await expectAccessible(page, 'the watchlist started');
});
