import { expect, test } from '@playwright/test';
import { expectAccessible } from './support';

test.describe('app shell', () => {
  test('a person opening the app lands on the search page, without the top navbar', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/search$/);
    await expect(page).toHaveTitle('Find your benefits · Benefit Finder');
    await expect(page.getByRole('heading', { name: 'Is money from an old job waiting for you?' })).toBeVisible();
    // The search page hides the navbar (spec section 2): the brand link is not shown.
    await expect(page.getByRole('banner')).toBeHidden();

    // Signed out, the tab bar offers Home and FAQ's only (spec section 2).
    const tabs = page.getByRole('navigation', { name: 'Main' });
    await expect(tabs.getByRole('button', { name: 'Home' })).toBeVisible();
    await expect(tabs.getByRole('button', { name: "FAQ's" })).toBeVisible();
    await expect(tabs.getByRole('button', { name: 'Activities' })).toHaveCount(0);
    await expect(tabs.getByRole('button', { name: 'Account' })).toHaveCount(0);
    await expectAccessible(page, 'the search page');
  });

  test('the search form checks the ID number before sending it', async ({ page }) => {
    await page.goto('/auth/search');
    await page.getByLabel('Your South African ID number').fill('8001015009088');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('ID number is not valid (check digit).')).toBeVisible();
    await page.getByLabel('Your South African ID number').fill('12345');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('ID number must be 13 digits.')).toBeVisible();
    await expectAccessible(page, 'the search page with an error');
  });

  test('every route open without sign-in exists with its own page title (the others: guard.spec.ts)', async ({
    page,
  }) => {
    const routes: [string, string][] = [
      ['/auth/terms', 'Terms of use'],
      ['/auth/login', 'Sign in'],
      ['/auth/forgot-password', 'Forgot password'],
      ['/search-complete/2/8001015009087', 'Search result'],
      ['/search-complete/0/8001015009087/no-benefits', 'Search result'],
      ['/sign-up/8001015009087', 'Create your account'],
      ['/id-verify/8001015009087', 'Prove that it is you'],
      ['/main', 'Welcome'],
    ];
    for (const [path, title] of routes) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(`${title} · Benefit Finder`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, path);
    }
    // The two later reset steps, opened without a reset under way, go back to its first step.
    for (const path of ['/auth/send-reset-password-otp', '/auth/reset-password']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/auth\/forgot-password$/);
      await expect(page).toHaveTitle('Forgot password · Benefit Finder');
    }
  });

  test("the FAQ's tab opens the Frequently Asked Questions dialog, closed with Cancel", async ({ page }) => {
    await page.goto('/main');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: "FAQ's" }).click();
    const dialog = page.getByRole('dialog', { name: 'Frequently Asked Questions' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: /\?$/ }).first()).toBeVisible();
    await expectAccessible(page, "the FAQ's dialog");
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the page runs under the Content Security Policy without violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        violations.push(message.text());
    });
    await page.goto('/auth/search');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(violations).toEqual([]);
  });
});
