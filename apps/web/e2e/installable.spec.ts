import { expect, test } from '@playwright/test';
import { scaled } from './support';

// Issue 14 item 9: the app can be added to the home screen and says so when there is no connection.
test.describe('installable app', () => {
  test('the page links the web app manifest, and the browser can read it', async ({ page, request }) => {
    await page.goto('/auth/search');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifest = await (await request.get(href ?? '')).json();
    expect(manifest).toMatchObject({ name: 'Benefit Finder', display: 'standalone', start_url: './' });
  });

  test('without a connection, opening a page shows the offline page instead of the browser error', async ({
    page,
    context,
  }) => {
    await page.goto('/auth/search');
    await expect(page.getByRole('heading', { name: 'Is money from an old job waiting for you?' })).toBeVisible();
    // The service worker registers after the first load and takes control of the page.
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByText('Check your connection, then try again.')).toBeVisible();

    await context.setOffline(false);
    // Back online, "Try again" loads the page (the browser may take a moment to see the connection).
    await expect(async () => {
      await page.getByRole('button', { name: 'Try again' }).click({ timeout: 1_000 });
      await expect(page).toHaveTitle('Sign in · Benefit Finder', { timeout: 1_000 });
    }).toPass({ timeout: scaled(10_000) });
  });
});
