import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_STAFF, expectAccessibleHere, expectTableCellsFormatted, signInAs, staffPage } from './support';

// Issue 36 item 5 "Done when": the audit log screen shows the events in words, filtered by actor,
// at a laptop's 1280 x 800. The demo reviewer (who holds audits.read) reads it: the demo admin's
// PINs (5 an hour per address) are the other journeys'.
test.describe.configure({ mode: 'serial' });

let reviewer: Page;

test.beforeAll(async ({ browser }) => {
  reviewer = await staffPage(browser);
  await reviewer.setViewportSize({ width: 1280, height: 800 });
});
test.afterAll(async () => reviewer.context().close());

test('a staff user opens the audit log, exports it, filters by actor and reads the events in words', async () => {
  await signInAs(reviewer, DEMO_STAFF.reviewer);
  await reviewer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(reviewer.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const table = reviewer.getByRole('table', { name: 'Audit events' });
  await expect(table.getByRole('row').filter({ hasText: 'Demo Reviewer signed in' }).first()).toBeVisible();
  await expectAccessibleHere(reviewer, 'the audit log');
  await expectTableCellsFormatted(reviewer, 'the audit log');

  // The whole log as CSV, in words; the export is itself an event.
  await reviewer.getByRole('button', { name: 'Export' }).click();
  const download = reviewer.waitForEvent('download');
  await reviewer.getByRole('menuitem', { name: 'CSV (with the filters shown)' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv).toMatch(/^\uFEFF?event_id,occurred_at_utc,event,actor,/);
  expect(csv).toContain('Demo Reviewer signed in');

  await reviewer.getByRole('combobox', { name: 'Who' }).click();
  await reviewer.getByRole('option', { name: 'Demo Reviewer (reviewer@benefitfinder.co.za)' }).click();
  const exported = table.getByRole('row').filter({ hasText: /^.*Demo Reviewer exported \d+ audit events as CSV/ });
  await expect(exported).toBeVisible();
  // Every row is the chosen actor's: no one else's event is shown.
  await expect(table.getByRole('row').filter({ hasText: 'The system' })).toHaveCount(0);
  const sentences = await table.locator('tbody tr td:nth-child(2) p:first-child').allInnerTexts();
  expect(sentences.length).toBeGreaterThanOrEqual(2);
  for (const sentence of sentences) expect(sentence).toMatch(/^Demo Reviewer /);

  // The changed fields unfold with their labels and values as people read them.
  await exported.getByText(/changed fields?$/).click();
  await expect(exported.getByRole('cell', { name: 'Rows', exact: true })).toBeVisible();
  await expect(exported.getByRole('cell', { name: 'Format', exact: true })).toBeVisible();
  await expectAccessibleHere(reviewer, 'the audit log filtered by actor, with changes shown');
  await expectTableCellsFormatted(reviewer, 'the audit log filtered by actor, with changes shown');
  await reviewer.screenshot({ path: test.info().outputPath('audit-log.png'), fullPage: true });

  // Another actor: the system's events only (the demo data was loaded by it).
  await reviewer.getByRole('combobox', { name: 'Who' }).click();
  await reviewer.getByRole('option', { name: 'The system' }).click();
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: /^.*The system \(demo data\) created / })
      .first(),
  ).toBeVisible();
  const systemSentences = await table.locator('tbody tr td:nth-child(2) p:first-child').allInnerTexts();
  for (const sentence of systemSentences) expect(sentence).toMatch(/^The system /);
});
