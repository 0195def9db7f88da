import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  expectAccessibleHere,
  expectTableCellsFormatted,
  scaled,
  signInDemoAdmin,
  signInThroughScreens,
  staffHeaders,
  staffPage,
} from './support';
import { createFundWithFee, fileMember, memberFileCsv, paidClaim, secondStaffUser, staffApi } from './work-data';

// Issue 20 "Done when" (uploads, invoices) and axe on the uploads, enrichment, partner files and
// invoices screens. The demo admin uploads; a second staff user accepts (maker-checker).
test.describe.configure({ mode: 'serial' });

const seed = Date.now() % 1_000_000;
const fundName = `Playwright Upload Fund ${seed}`;
const members = [fileMember(0, seed), fileMember(1, seed)];
const checker = { email: `checker.${seed}@benefitfinder.co.za`, password: 'Checker#Rain2027' };
let admin: Page;
let uploadUrl = '';

test.beforeAll(async ({ browser }) => {
  admin = await staffPage(browser);
  await signInDemoAdmin(admin);
  await createFundWithFee(admin, fundName);
});
test.afterAll(async () => admin.context().close());

test('uploads a member file with a bad row, maps it, sees the row error; a second user accepts', async ({
  browser,
}) => {
  await admin.getByRole('link', { name: 'Uploads' }).click();
  await expect(admin.getByRole('heading', { name: 'Uploads', level: 1 })).toBeVisible();
  await expectAccessibleHere(admin, 'the uploads list');
  await expectTableCellsFormatted(admin, 'the uploads list');

  await admin.getByRole('link', { name: 'New upload' }).click();
  await expect(admin.getByRole('heading', { name: 'New upload', level: 1 })).toBeVisible();
  await admin.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(admin.getByText('Choose the fund.')).toBeVisible();
  await admin.getByRole('combobox', { name: 'Fund' }).fill(fundName);
  await admin.getByRole('option', { name: fundName }).click();
  // A file dragged onto the drop zone is taken as chosen (the picker below replaces it).
  const dropped = await admin.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['ID Number\n'], 'dragged.csv', { type: 'text/csv' }));
    return transfer;
  });
  await admin.getByTestId('file-drop').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(admin.getByTestId('chosen-file')).toHaveText('dragged.csv');
  const chooser = admin.waitForEvent('filechooser');
  await admin.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles({
    name: `members-${seed}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(memberFileCsv(members)),
  });
  await expect(admin.getByTestId('chosen-file')).toHaveText(`members-${seed}.csv`);
  await expectAccessibleHere(admin, 'the new upload form');
  await admin.getByRole('button', { name: 'Upload', exact: true }).click();

  // The mapping: the suggestion filled in, required fields marked, the file's cells under each.
  await expect(admin.getByRole('heading', { name: 'Map the columns' })).toBeVisible();
  await expect(admin.getByRole('combobox', { name: 'Column for ID number' })).toHaveValue('ID Number');
  await expect(admin.getByRole('combobox', { name: 'Column for Last name' })).toHaveValue('Surname');
  await expect(admin.getByTestId('samples-id_number')).toContainText(members[0]?.idNumber as string);
  await expect(admin.getByRole('row', { name: /ID number required/ })).toBeVisible();
  await expectAccessibleHere(admin, 'the column mapping');
  uploadUrl = admin.url();
  await admin.getByRole('button', { name: 'Save mapping and check the rows' }).click();

  await expect(admin.getByTestId('upload-status')).toHaveText('Waiting for a decision', { timeout: scaled(30_000) });
  await expect(admin.getByText('Refused rows', { exact: true })).toBeVisible();
  const findings = admin.getByRole('table', { name: 'Row findings' });
  await expect(findings.getByRole('row', { name: /^4 Error ID number/ })).toBeVisible();
  await admin.getByRole('textbox', { name: 'Message contains' }).fill('no such message');
  await expect(findings.getByText('No finding matches these filters.')).toBeVisible();
  await admin.getByRole('textbox', { name: 'Message contains' }).fill('');
  // The uploader cannot accept: the button is disabled and says why.
  await expect(admin.getByRole('button', { name: 'Accept the valid rows' })).toBeDisabled();
  await expect(
    admin.getByText('You uploaded this file, so someone else must accept it (maker-checker).'),
  ).toBeVisible();
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Download the refused rows' }).click();
  expect((await download).suggestedFilename()).toBe(`members-${seed}-refused-rows.csv`);
  await expectAccessibleHere(admin, 'the upload review');
  await expectTableCellsFormatted(admin, 'the upload review');

  await secondStaffUser(admin, checker.email, checker.password);
  const second = await staffPage(browser);
  await signInThroughScreens(second, checker.email, checker.password);
  await second.goto(uploadUrl);
  await expect(second.getByTestId('upload-status')).toHaveText('Waiting for a decision');
  await second.getByRole('button', { name: 'Accept the valid rows' }).click();
  await expect(second.getByText('Some rows are refused: add a note to accept the valid rows.')).toBeVisible();
  await second.getByRole('textbox', { name: /^Note/ }).fill('The broken row goes back to the fund.');
  await expectAccessibleHere(second, 'the accept form');
  await second.getByRole('button', { name: 'Accept the valid rows' }).click();
  await expect(second.getByTestId('upload-status')).toHaveText('Accepted', { timeout: scaled(30_000) });
  await expect(second.getByText('The broken row goes back to the fund.')).toBeVisible();
  await second.context().close();

  // The new member is found by ID number on the benefits and persons screen.
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Benefits and persons' }).click();
  await admin.getByRole('textbox', { name: 'Search' }).fill(members[0]?.idNumber ?? '');
  const found = admin.getByRole('row').filter({ hasText: fundName });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(members[0]?.lastName ?? '');
});

test('drafts an invoice from a paid claim, issues it, opens its PDF and credits it', async ({ browser }) => {
  const call = await staffApi(admin);
  const benefit = await call<{ items: { id: number }[] }>('GET', `benefits?q=${members[0]?.idNumber}`);
  const phone = await browser.newPage();
  const member = members[0] as (typeof members)[number];
  await paidClaim(phone, admin, member, benefit.items[0]?.id as number);
  await phone.context().close();

  await admin.getByRole('link', { name: 'Invoices' }).click();
  await expect(admin.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expectAccessibleHere(admin, 'the invoices list');
  await expectTableCellsFormatted(admin, 'the invoices list');
  await admin.getByRole('button', { name: 'New draft' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New draft invoice' });
  await dialog.getByRole('combobox', { name: 'Fund' }).fill(fundName);
  await admin.getByRole('option', { name: fundName }).click();
  await expect(dialog.getByRole('textbox', { name: 'Recipient name' })).toHaveValue(fundName);
  await dialog.getByRole('textbox', { name: 'Recipient address' }).fill('1 Fund Street\nCape Town\n8001');
  await expectAccessibleHere(admin, 'the new draft invoice form');
  await dialog.getByRole('button', { name: 'Create draft' }).click();

  await expect(admin.getByRole('heading', { name: /^Invoice Draft invoice \d+$/, level: 1 })).toBeVisible();
  await expect(admin.getByTestId('invoice-status')).toHaveText('Draft');
  const lines = admin.getByRole('table', { name: 'Invoice lines' });
  // 2.5% of R5 000,00 is R125,00, plus 15% VAT.
  await expect(lines.locator('tbody').getByRole('row')).toHaveCount(1);
  await expect(admin.getByTestId('invoice-subtotal')).toHaveText(/R\s?125,00/);
  await expect(admin.getByTestId('invoice-total')).toHaveText(/R\s?143,75/);
  await expectAccessibleHere(admin, 'the draft invoice');
  await expectTableCellsFormatted(admin, 'the draft invoice');

  await admin.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(admin.getByRole('heading', { name: /^Invoice INV-\d{6}$/, level: 1 })).toBeVisible();
  await expect(admin.getByTestId('invoice-status')).toHaveText('Issued');
  const pdf = admin.waitForResponse((response) => /\/api\/v1\/invoices\/\d+\/pdf$/.test(response.url()));
  await admin.getByRole('button', { name: 'Open PDF' }).click();
  const answer = await pdf;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  const viewer = admin.getByRole('dialog', { name: /^INV-\d{6} \(PDF\)$/ });
  await expect(viewer.getByTestId('pdf-frame')).toHaveAttribute('src', /^blob:/);
  const bytes = await (await admin.request.get(answer.url(), { headers: await staffHeaders(admin) })).body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessibleHere(admin, 'the invoice PDF in place');
  await viewer.getByRole('button', { name: 'Close' }).click();
  await admin.getByRole('button', { name: 'Credit note' }).click();
  const credit = admin.getByRole('dialog', { name: /^Credit INV-\d{6}$/ });
  await credit.getByRole('textbox', { name: 'Reason' }).fill('Fee charged in error');
  await credit.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(admin.getByRole('heading', { name: /^Credit note CN-\d{6}$/, level: 1 })).toBeVisible();
  // A credit note states the credited amounts as they were (positive), naming the invoice it credits.
  await expect(admin.getByTestId('invoice-total')).toHaveText(/R\s?143,75/);
  await expect(admin.getByRole('link', { name: 'The invoice it credits' })).toBeVisible();
  await expectAccessibleHere(admin, 'the credit note');
  await expectTableCellsFormatted(admin, 'the credit note');

  // The list's export, with the filters shown (credit notes only): the file names the credit note.
  await admin.getByRole('link', { name: 'All invoices' }).click();
  await admin.getByRole('combobox', { name: 'Kind' }).click();
  await admin.getByRole('option', { name: 'Credit notes' }).click();
  await admin.getByRole('button', { name: 'Export' }).click();
  const exported = admin.waitForEvent('download');
  await admin.getByRole('menuitem', { name: 'CSV (with the filters shown)' }).click();
  const file = await exported;
  expect(file.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path()) as string, 'utf8');
  expect(csv).toMatch(/CN-\d{6}/);
  expect(csv).not.toMatch(/INV-\d{6}/);
});

test('the enrichment, funnel and partner files screens', async () => {
  await admin.getByRole('link', { name: 'Enrichment' }).click();
  await expect(admin.getByRole('heading', { name: 'Enrichment', level: 1 })).toBeVisible();
  await admin.getByRole('combobox', { name: 'Fund' }).fill(fundName);
  await admin.getByRole('option', { name: fundName }).click();
  await expect(admin.getByRole('table', { name: 'Enrichment records' })).toBeVisible();
  await expectAccessibleHere(admin, 'the enrichment records');
  await expectTableCellsFormatted(admin, 'the enrichment records');
  await admin.getByRole('button', { name: 'Run a step again' }).click();
  const rerun = admin.getByRole('dialog', { name: 'Run a step again' });
  await rerun.getByText('Everyone', { exact: true }).click();
  await expectAccessibleHere(admin, 'the rerun form');
  await rerun.getByRole('button', { name: 'Run again' }).click();
  await expect(admin.getByText('The step is being looked up again.')).toBeVisible();
  await admin.getByRole('tab', { name: 'Runs' }).click();
  await expect(admin.getByRole('table', { name: 'Enrichment runs' })).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'Rerun (all records)' })).toBeVisible();
  await expectAccessibleHere(admin, 'the enrichment runs');
  await expectTableCellsFormatted(admin, 'the enrichment runs');
  await admin.getByRole('tab', { name: 'Outreach funnel' }).click();
  await expect(admin.getByTestId('funnel-paid')).toHaveText('1');
  await expect(admin.getByTestId('funnel-signedUp')).toHaveText(/\d/);
  await expectAccessibleHere(admin, 'the outreach funnel');
  await expectTableCellsFormatted(admin, 'the outreach funnel');

  await admin.getByRole('link', { name: 'Partner files' }).click();
  await expect(admin.getByRole('heading', { name: 'Partner files', level: 1 })).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Tracing partners' })).toBeVisible();
  await expectAccessibleHere(admin, 'the partner files');
  await expectTableCellsFormatted(admin, 'the partner files');
});
