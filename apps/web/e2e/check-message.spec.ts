import { MESSAGE_CHECK_MESSAGES } from '@bcp/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, memberViaApi, PHONE_VIEWPORT, readOtp } from './support';

/**
 * "Is this message from us?" (issue 21 item 4), on a phone: the code at the end of a real SMS (the
 * sign-up PIN, read from the development outbox as the phone would show it) answers yes with the
 * date and kind only; a made-up code answers no with the advice. Member: Yibanathi (demo data).
 */
const YIBANATHI = { idNumber: '4502182102088', phone: '+27824952951', email: 'yibanathi_mgenge@example.co.za' };

/** The reference code of the newest PIN message to a destination (`ABCD-EFGH`), from the development outbox. */
async function readReferenceCode(page: Page, destination: string): Promise<string> {
  const response = await page.request.get(`/api/dev/otp?destination=${encodeURIComponent(destination)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()).referenceCode;
}

test('a person checks a real SMS (yes, with date and kind) and a made-up one (no, with advice)', async ({ page }) => {
  // Three axe runs and a sign-up: more than the default 30 s on a loaded machine.
  test.slow();
  await page.setViewportSize(PHONE_VIEWPORT);
  await memberViaApi(page, YIBANATHI, { verifyPin: false, passIdentity: false });
  const pin = await readOtp(page, YIBANATHI.phone);
  const reference = await readReferenceCode(page, YIBANATHI.phone);
  expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  // Someone who never signed up: no session in the browser.
  await page.evaluate(() => localStorage.clear());

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Is this message from us? Check an SMS or email' }).click();
  await expect(page).toHaveURL(/\/check-message$/);
  await expect(page.getByRole('heading', { name: 'Is this message from us?' })).toBeVisible();
  await expect(page.getByText('We never ask you for your PIN or your banking passwords.')).toBeVisible();
  await expectAccessible(page, 'the message check');

  // Nothing typed: each field says what it needs, and nothing is asked of the server.
  await page.getByRole('button', { name: 'Check the message' }).click();
  await expect(page.getByText('Field is required')).toHaveCount(2);

  // The code as a person might type it (lower case), the number as written locally.
  await page.getByRole('textbox', { name: 'Reference code' }).fill(reference.toLowerCase());
  await page.getByRole('textbox', { name: 'Phone number or email it came to' }).fill('082 495 2951');
  await page.getByRole('button', { name: 'Check the message' }).click();
  const yes = page.getByRole('status').filter({ hasText: MESSAGE_CHECK_MESSAGES.fromUs });
  await expect(yes).toBeVisible();
  await expect(yes).toContainText(/A one-time PIN, sent by SMS on \d{1,2} \w+ \d{4}\./);
  await expect(yes).toContainText(MESSAGE_CHECK_MESSAGES.advice);
  await expect(page.locator('body')).not.toContainText(pin);
  await expectAccessible(page, 'the message check answering yes');

  // A made-up code to the same number: no, with what to do.
  await page.getByRole('textbox', { name: 'Reference code' }).fill('ZZZZ-ZZZZ');
  await page.getByRole('button', { name: 'Check the message' }).click();
  const no = page.getByRole('alert').filter({ hasText: MESSAGE_CHECK_MESSAGES.notFromUs });
  await expect(no).toBeVisible();
  await expect(no).toContainText(MESSAGE_CHECK_MESSAGES.notFromUsAdvice);
  await expect(no).toContainText(MESSAGE_CHECK_MESSAGES.advice);
  await expect(yes).toHaveCount(0);
  await expectAccessible(page, 'the message check answering no');

  // A code that cannot be one is refused in the form.
  await page.getByRole('textbox', { name: 'Reference code' }).fill('ABCD-EFGU');
  await page.getByRole('button', { name: 'Check the message' }).click();
  await expect(page.getByText(MESSAGE_CHECK_MESSAGES.invalidCode)).toBeVisible();
});

test('the search page links to the message check', async ({ page }) => {
  await page.goto('/auth/search');
  await page.getByRole('link', { name: 'Is this message from us? Check an SMS or email' }).click();
  await expect(page).toHaveURL(/\/check-message$/);
  await expect(page.getByRole('heading', { name: 'Is this message from us?' })).toBeVisible();
});
