import { expect, test } from '@playwright/test';
import { expectAccessible, memberViaApi, PHONE_VIEWPORT } from './support';

/**
 * WCAG 2.2 AA (issue 14 item 5) where the other specs do not look: the wider layout once (the
 * other specs check at 390 px), and the sandbox identity check members are sent to. A member of
 * the generated demo file (seed 2026, rows 1313 and 1901) that no other spec uses.
 */
const ROSE = { idNumber: '6410260724088', phone: '+27716393857', email: 'rose.zimmerman37@example.co.za' };
const NOLWAZI = { idNumber: '4008081822081', phone: '+27728490315', email: 'nolwazi_sondisa@example.co.za' };

test('the wider layout: search, the claim steps with their full list beside the form, and a dialog', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/auth/search');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'the search page, wide', { asShown: true });

  await memberViaApi(page, ROSE, { verifyPin: true, passIdentity: true });
  await page.goto('/benefits');
  await page.getByRole('button', { name: 'Claim this benefit' }).click();
  const steps = page.getByRole('navigation', { name: 'Claim steps' });
  await expect(steps).toBeVisible();
  await expect(page.getByText('Step 1 of 6')).toBeHidden();
  // The list sits left of the open step's form.
  const list = await steps.boundingBox();
  const form = await page.getByRole('heading', { level: 2, name: 'Confirm your details' }).boundingBox();
  expect(list && form && list.x + list.width <= form.x && Math.abs(list.y - form.y) < 40).toBe(true);
  await expectAccessible(page, 'the claim steps, wide', { asShown: true });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Activities 1 unread' }).click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dialog.getByRole('button', { name: 'Identity verified' })).toBeVisible();
  await expectAccessible(page, 'the notifications dialog, wide', { asShown: true });
});

test('the sandbox identity check page, on a phone', async ({ page }) => {
  await page.setViewportSize(PHONE_VIEWPORT);
  await memberViaApi(page, NOLWAZI, { verifyPin: true, passIdentity: false });
  await page.goto(`/id-verify/${NOLWAZI.idNumber}`);
  await expect(page.getByRole('button', { name: 'Start the identity check' })).toBeVisible();
  await expectAccessible(page, 'prove that it is you');
  await page.getByRole('button', { name: 'Start the identity check' }).click();
  await expect(page.getByRole('heading', { name: /Identity check \(sandbox\)/ })).toBeVisible();
  await expectAccessible(page, 'the sandbox identity check');
});
