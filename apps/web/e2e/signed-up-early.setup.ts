import { test } from '@playwright/test';
import { signUpEarly } from './signed-up-early';

// The `signed up early` project (playwright.config.ts): runs before the journeys.
test('the members whose journeys sign in again have signed up', async ({ page }) => {
  await signUpEarly(page);
});
