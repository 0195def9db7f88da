import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, memberViaApi, PHONE_VIEWPORT } from './support';

/**
 * The claim steps on a 390 px touch phone (issue 14 item 6), with Chromium's phone emulation:
 * the compact progress header and the open step's form first, the full list on request, the bank
 * and account-type dropdowns by touch and by keyboard, and live notices that do not stack over the
 * heading. Members of the generated demo file (seed 2026; rows 1235, 1778 and 1779) that no other spec uses.
 */
const JABULILE = { idNumber: '5402191784084', phone: '+27837356773', email: 'jabulile.maphisa81@example.co.za' };
const SIZANI = { idNumber: '7503161948084', phone: '+27824168143', email: 'sizani_moseley65@example.co.za' };
const MSIZI = { idNumber: '4402257918080', phone: '+27633007362', email: 'msizi.musi@example.co.za' };

test.use({ viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true });

/** Sends the signed-in member a notification through the development trigger. */
async function notify(page: Page, token: string, title: string) {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post('/api/dev/notifications', {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
    data: { title, body: `<p>${title}: see your claim.</p>` },
  });
  expect(response.status()).toBe(201);
}

test('a phone shows "Step 1 of 6" and the form first; the list opens on request; a done step opens again', async ({
  page,
}) => {
  await memberViaApi(page, JABULILE, { verifyPin: true, passIdentity: true });
  await page.goto('/benefits');
  await page.getByRole('button', { name: 'Claim this benefit' }).tap();

  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  const heading = page.getByRole('heading', { level: 2, name: 'Confirm your details' });
  await expect(heading).toBeInViewport();
  await expect(page.getByRole('table', { name: 'Your details' })).toBeInViewport();
  await expect(page.getByRole('progressbar', { name: '0 of 6 steps done' })).toHaveAttribute('aria-valuenow', '0');
  const steps = page.getByRole('navigation', { name: 'Claim steps' });
  await expect(steps).toBeHidden();

  const allSteps = page.getByRole('button', { name: 'All steps' });
  await expect(allSteps).toHaveAttribute('aria-expanded', 'false');
  await allSteps.tap();
  await expect(steps.getByRole('listitem')).toHaveText([
    /Confirm your details\s*To do now/,
    /Bank account\s*To do/,
    /Documents\s*To do/,
    /Fees and payout\s*To do/,
    /Declaration\s*To do/,
    /Submit\s*To do/,
  ]);
  await expect(steps.getByRole('button', { name: /Confirm your details/ })).toHaveAttribute('aria-current', 'step');
  // Steps still to do are not buttons.
  await expect(steps.getByRole('button')).toHaveCount(1);
  await expectAccessible(page, 'the claim steps on a phone, list open');
  await page.getByRole('button', { name: 'Hide the steps' }).tap();
  await expect(steps).toBeHidden();

  await page.getByLabel('These are my details and they are correct').tap();
  await page.getByRole('button', { name: 'Confirm and continue' }).tap();
  await expect(page.getByText('Step 2 of 6')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: '1 of 6 steps done' })).toBeVisible();
  const bankHeading = page.getByRole('heading', { level: 2, name: 'Bank account' });
  await expect(bankHeading).toBeFocused();
  await expect(bankHeading).toBeInViewport();

  // The done step opens again from the list.
  await page.getByRole('button', { name: 'All steps' }).tap();
  await steps.getByRole('button', { name: 'Confirm your details Done' }).tap();
  await expect(page.getByText('Step 1 of 6')).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(steps).toBeHidden();
});

test('bank and account type: chosen by tapping without the page jumping, and with the keyboard', async ({ page }) => {
  await memberViaApi(page, SIZANI, { verifyPin: true, passIdentity: true });
  await page.goto('/benefits');
  await page.getByRole('button', { name: 'Claim this benefit' }).tap();
  await page.getByLabel('These are my details and they are correct').tap();
  await page.getByRole('button', { name: 'Confirm and continue' }).tap();
  const form = page.getByRole('form', { name: 'Add a bank account' });
  await expect(form).toBeVisible();

  // Keyboard: Tab to the account type, arrow down to the first type, type to jump to Savings.
  const bank = form.getByRole('combobox', { name: 'Bank' });
  await bank.focus();
  await page.keyboard.press('Tab');
  const accountType = form.getByRole('combobox', { name: 'Account type' });
  await expect(accountType).toBeFocused();
  await expect(accountType.locator('option:checked')).toHaveText('Choose the account type');
  await page.keyboard.press('ArrowDown');
  await expect(accountType.locator('option:checked')).toHaveText('Cheque / current account');
  await page.keyboard.type('Sav');
  await expect(accountType.locator('option:checked')).toHaveText('Savings account');

  // Touch: scroll the field into view, tap it, choose; the page stays where it was.
  await bank.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  await bank.tap();
  await bank.selectOption({ label: 'Nedbank (198765)' });
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(bank).toBeInViewport();
  await expect(bank.locator('option:checked')).toHaveText('Nedbank (198765)');

  await expectAccessible(page, 'the bank account form on a phone');

  await form.getByLabel('Account number').fill('1029384756');
  await form.getByRole('button', { name: 'Save bank account' }).tap();
  await expect(page.getByRole('radio', { name: 'Nedbank ******4756' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Nedbank ******4756' })).toHaveAccessibleDescription(/Savings account/);
});

test('live notices show one at a time over the top bar, not over the heading', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  const token = await memberViaApi(page, MSIZI, { verifyPin: true, passIdentity: true });
  await page.goto('/benefits');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await notify(page, token, 'Claim update one');
  await notify(page, token, 'Claim update two');
  await notify(page, token, 'Claim update three');

  // Other notices of this browser (e.g. that push could not be set up here) are closed as they come.
  const notices = page.locator('.mantine-Notification-root');
  const updates = notices.filter({ hasText: 'Claim update' });
  await expect(async () => {
    for (const other of await notices.filter({ hasNotText: 'Claim update' }).all()) {
      await other.getByRole('button', { name: 'Close notice' }).tap();
    }
    await expect(updates).toHaveCount(1, { timeout: 1000 });
  }).toPass();
  await expect(notices).toHaveCount(1);
  // The three updates and the earlier "identity verified" are counted.
  const notice = await notices.first().boundingBox();
  const title = await heading.boundingBox();
  expect(notice && title && notice.y + notice.height <= title.y).toBe(true);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Activities/ }),
  ).toHaveAccessibleName('Activities 4 unread');
});
