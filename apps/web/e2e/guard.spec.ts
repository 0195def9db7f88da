import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, memberViaApi } from './support';

test.describe.configure({ mode: 'serial' });

test('without a user: benefits pages and unknown paths go to search, /verify to login; public paths stay (spec 4)', async ({
  page,
}) => {
  for (const [path, expected] of [
    ['/', /\/auth\/search$/],
    ['/benefits', /\/auth\/search$/],
    ['/benefit/steps', /\/auth\/search$/],
    ['/benefit/claim-details', /\/auth\/search$/],
    ['/no/such/page', /\/auth\/search$/],
    ['/verify', /\/auth\/login$/],
    ['/main', /\/main$/],
    ['/auth/terms', /\/auth\/terms$/],
    [`/sign-up/${DEMO.sipho.idNumber}`, /\/sign-up\/\d{13}$/],
    [`/id-verify/${DEMO.sipho.idNumber}`, /\/id-verify\/\d{13}$/],
    [`/search-complete/1/${DEMO.sipho.idNumber}`, /\/search-complete\/1\/\d{13}$/],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveURL(expected);
  }
});

test("/verify -> /auth/login asks 'Do you really want to leave?': No stays, Yes logs out", async ({ page }) => {
  await memberViaApi(page, DEMO.sipho, { verifyPin: false, passIdentity: false });
  await page.goto('/verify');
  await expect(page.getByRole('heading', { name: 'Enter your one-time PIN' })).toBeVisible();
  await expectAccessible(page, 'the PIN page');
  const otherAccount = page.getByRole('link', { name: 'Not you? Sign in with another account' });
  await otherAccount.click();
  await expect(page.getByText('Do you really want to leave?')).toBeVisible();
  await expectAccessible(page, 'the leave question');
  await page.getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await otherAccount.click();
  await page.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('apiToken'))).toBeNull();
});

test('a fully verified member: / goes to benefits, unknown paths show not-found, /benefits -> /verify asks before leaving', async ({
  page,
}) => {
  await memberViaApi(page, DEMO.lerato, { verifyPin: true, passIdentity: true });
  await page.goto('/');
  await expect(page).toHaveURL(/\/benefits$/);

  await page.goto('/this/page/does/not/exist');
  await expect(page).toHaveTitle('Page not found · Benefit Finder');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page, 'not found');

  // In the app: from the PIN page, Home leads a verified member to benefits; Back then asks.
  await page.goto('/verify');
  // As a person does: wait for the PIN page (the member is loaded) before pressing Home.
  await expect(page.getByRole('heading', { name: 'Enter your one-time PIN' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/benefits$/);
  await page.goBack();
  await expect(page.getByText('Do you really want to leave?')).toBeVisible();
  await page.getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/benefits$/);
  await page.goBack();
  await page.getByRole('button', { name: 'Leave' }).click();
  // Logged out: /verify with no user goes to login.
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a member whose identity is not verified is logged out at /benefits and sent to search', async ({ page }) => {
  await memberViaApi(page, DEMO.johan, { verifyPin: true, passIdentity: false });
  await page.goto('/benefits');
  await expect(page).toHaveURL(/\/auth\/search$/);
  expect(await page.evaluate(() => localStorage.getItem('apiToken'))).toBeNull();
});
