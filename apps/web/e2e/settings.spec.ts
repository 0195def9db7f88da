import { expect, test } from '@playwright/test';
import { DEMO, enterPin, expectAccessible, memberViaApi, readOtp } from './support';

test('Notification Settings: prefilled, switching clears and prefills, rules, server errors per field, PIN, saved', async ({
  page,
}) => {
  await memberViaApi(page, DEMO.thabo, { verifyPin: false, passIdentity: false });
  await page.evaluate(() => localStorage.clear());
  const token = await memberViaApi(page, DEMO.ayesha, { verifyPin: true, passIdentity: true });
  await page.goto('/benefits');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Notification Settings' }).click();

  const dialog = page.getByRole('dialog', { name: 'Notification Settings' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(400);
  // Opens with the current method (SMS) and its number.
  await expect(dialog.getByRole('radio', { name: 'Mobile Phone (SMS)' })).toBeChecked();
  await expect(dialog.getByLabel('Mobile phone number')).toHaveValue(DEMO.ayesha.phone);
  await expectAccessible(page, 'notification settings');

  // Switching to Email hides the number and prefills the email from the user.
  await dialog.getByRole('radio', { name: 'Email' }).check();
  await expect(dialog.getByLabel('Mobile phone number')).toHaveCount(0);
  const emailInput = dialog.getByRole('textbox', { name: 'Email' });
  await expect(emailInput).toHaveValue(DEMO.ayesha.email);

  await emailInput.fill('');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Field is required')).toBeVisible();
  await emailInput.fill('not-an-email');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Must be a valid email.')).toBeVisible();
  await expectAccessible(page, 'notification settings with an error');

  // A server error is shown on its field, with the 'Validation failure' notice.
  await emailInput.fill(DEMO.thabo.email);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('This email address is used by another account.')).toBeVisible();
  await expect(page.getByText('Validation failure')).toBeVisible();
  await expect(page.getByText('please check the inputs')).toBeVisible();

  // A new address is confirmed with a PIN sent to it.
  await emailInput.fill('ayesha.new@example.co.za');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('ay***@example.co.za')).toBeVisible();
  await expectAccessible(page, 'notification settings, the PIN');
  await enterPin(page, await readOtp(page, 'ayesha.new@example.co.za'), 'Confirm');
  await expect(page.getByText('Notification Settings Updated')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Opening again shows the new method; Cancel closes without saving.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Notification Settings' }).click();
  await expect(dialog.getByRole('radio', { name: 'Email' })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue('ayesha.new@example.co.za');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Spec 4: a 401 on any call while signed in logs out and goes to login. End the session
  // elsewhere, then save settings in the app.
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  await page.request.delete('/api/app/beneficiary-sessions/logout', {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Notification Settings' }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('apiToken'))).toBeNull();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account' })).toHaveCount(0);
});
