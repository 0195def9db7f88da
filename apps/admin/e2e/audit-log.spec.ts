import { expect, type Page, test } from '@playwright/test';
import { expectAccessibleHere, signInDemoAdmin, staffHeaders, staffPage } from './support';

// Issue 36 item 5 "Done when": the audit log screen shows the events in words, filtered by actor,
// at a laptop's 1280 x 800.
test.describe.configure({ mode: 'serial' });

let admin: Page;
const fundName = `Audit Trail Provident Fund ${Date.now().toString(36)}`;

test.beforeAll(async ({ browser }) => {
  admin = await staffPage(browser);
  await admin.setViewportSize({ width: 1280, height: 800 });
});
test.afterAll(async () => admin.context().close());

test('a staff user opens the audit log, filters by actor and reads the events in words', async () => {
  await signInDemoAdmin(admin);
  // Something to read: a fund of this journey's own, and its fast-track amount set.
  const headers = await staffHeaders(admin);
  const created = await admin.request.post('/api/v1/funds', {
    headers,
    data: { name: fundName, registrationNumber: `12/8/7${Date.now() % 100000}` },
  });
  expect(created.status()).toBe(201);
  const fund = await created.json();
  const updated = await admin.request.patch(`/api/v1/funds/${fund.id}`, {
    headers,
    data: { fastTrackThresholdCents: 1_248_050, fastTrackDays: 5 },
  });
  expect(updated.status()).toBe(200);

  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(admin.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expectAccessibleHere(admin, 'the audit log');

  await admin.getByRole('combobox', { name: 'Who' }).click();
  await admin.getByRole('option', { name: 'Demo Admin (admin@benefitfinder.co.za)' }).click();
  const table = admin.getByRole('table', { name: 'Audit events' });
  const changed = table.getByRole('row').filter({ hasText: `Demo Admin changed fund “${fundName}”` });
  await expect(changed).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: `Demo Admin created fund “${fundName}”` })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Demo Admin signed in' }).first()).toBeVisible();
  // Every row is the chosen actor's: no one else's event is shown.
  const sentences = await table.locator('tbody tr td:nth-child(2) p:first-child').allInnerTexts();
  expect(sentences.length).toBeGreaterThan(2);
  for (const sentence of sentences) expect(sentence).toMatch(/^Demo Admin /);

  // The changed fields unfold with their labels and values as people read them.
  await changed.getByText(/changed fields?$/).click();
  await expect(changed.getByRole('cell', { name: 'Fast-track amount', exact: true })).toBeVisible();
  await expect(changed.getByRole('cell', { name: /^R\s?12\s?480,50$/ })).toBeVisible();
  await expectAccessibleHere(admin, 'the audit log filtered by actor, with changes shown');
  await admin.screenshot({ path: test.info().outputPath('audit-log.png'), fullPage: true });

  // Another actor: the system's events only.
  await admin.getByRole('combobox', { name: 'Who' }).click();
  await admin.getByRole('option', { name: 'The system' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'The system' }).first()).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Demo Admin changed fund' })).toHaveCount(0);
});
