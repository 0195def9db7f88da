import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  chooseFile,
  declareAndSubmit,
  expectAccessible,
  fillBankAccountForm,
  memberViaApi,
  SAMPLE_PDF,
  uploadClaimDocuments,
} from '../../web/e2e/support';
import { expectAccessibleHere, expectTableCellsFormatted, signInDemoAdmin, staffHeaders, staffPage } from './support';

// Issue 20 "Done when": staff review a submitted claim end to end and the member's app shows it;
// staff find a person by ID number. One admin session and one member for the whole file.
test.describe.configure({ mode: 'serial' });

/**
 * A member of the generated demo file (seed 2026) that no other journey uses: one benefit,
 * withdrawal R16,146.09.
 */
const WILLIAM = { idNumber: '9506198268085', phone: '+27728354912', email: 'william_myburgh@example.co.za' };

let admin: Page;
let member: Page;
let fund: { id: number; administratorPartnerId: number | null } | undefined;

test.beforeAll(async ({ browser }) => {
  admin = await staffPage(browser);
  member = await staffPage(browser);
});

test.afterAll(async () => {
  // The demo fund gets its administrator back, as the other journeys expect it.
  if (fund?.administratorPartnerId) {
    await admin.request.patch(`/api/v1/funds/${fund.id}`, {
      headers: await staffHeaders(admin),
      data: { administratorPartnerId: fund.administratorPartnerId },
    });
  }
  await admin.context().close();
  await member.context().close();
});

test('the member submits a claim in the app', async () => {
  await member.goto('/main');
  await memberViaApi(member, WILLIAM, { verifyPin: true, passIdentity: true });
  await member.goto('/benefits');
  const card = member.getByRole('article', { name: 'Withdrawal benefit from Demo Retirement Fund' });
  await card.getByRole('button', { name: 'Claim this benefit' }).click();
  await member.getByLabel('These are my details and they are correct').check();
  await member.getByRole('button', { name: 'Confirm and continue' }).click();
  await fillBankAccountForm(member, 'First National Bank (FNB) (250655)', '62123456721');
  await member.getByRole('button', { name: 'Use this account and continue' }).click();
  await uploadClaimDocuments(member);
  await member.getByLabel('I understand and accept these fees').check();
  await member.getByRole('button', { name: 'Accept and continue' }).click();
  await declareAndSubmit(member);
});

test('staff review the claim from the queue: document, bank match, checklist, approve', async () => {
  await signInDemoAdmin(admin);
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Claims' }).click();
  await expect(admin.getByRole('heading', { name: 'Claims', level: 1 })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: 'William Myburgh' });
  await expect(row).toBeVisible();
  await expectAccessibleHere(admin, 'the claims queue');
  await expectTableCellsFormatted(admin, 'the claims queue');

  // The export takes the queue's filters: submitted claims over R16,000, masked ID numbers.
  await admin.getByRole('textbox', { name: 'From (R)' }).fill('16000');
  await expect(row).toBeVisible();
  const exported = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Export' }).click();
  await admin.getByRole('menuitem', { name: /^CSV/ }).click();
  const download = await exported;
  expect(download.suggestedFilename()).toMatch(/^claims-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('Myburgh');
  expect(csv).not.toContain(WILLIAM.idNumber);
  await admin.getByRole('textbox', { name: 'From (R)' }).fill('17000');
  await expect(admin.getByText('No claims match these filters')).toBeVisible();
  await admin.getByRole('textbox', { name: 'From (R)' }).fill('');

  // The demo fund's administrator decides its claims through the partner API: staff see so.
  await row.click();
  await expect(admin.getByRole('heading', { name: /^Claim \d+: William Myburgh$/, level: 1 })).toBeVisible();
  await expect(admin.getByText('decides this fund’s claims through the partner API')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The ID number is masked until revealed.
  await expect(admin.getByTestId('id-number')).toHaveText('*********8085');
  await admin.getByRole('button', { name: 'Reveal ID number' }).click();
  await expect(admin.getByTestId('id-number')).toHaveText(WILLIAM.idNumber);

  // The documents open in place: the PDF in a frame, the image as an image.
  await admin.getByRole('button', { name: 'View my-id.pdf' }).click();
  const pdf = admin.getByTitle('Copy of your ID: my-id.pdf');
  await expect(pdf).toHaveAttribute('src', /^blob:/);
  await admin.getByRole('button', { name: 'View statement.png' }).click();
  const image = admin.getByRole('img', { name: 'Proof of bank account: statement.png' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);

  await admin.getByRole('button', { name: 'Run the bank match' }).click();
  await expect(admin.getByTestId('bank-match-status')).toHaveText('Bank match passed');
  await expect(admin.getByRole('table', { name: 'Checklist' })).toBeVisible();
  await expectAccessibleHere(admin, 'the claim page');
  await expectTableCellsFormatted(admin, 'the claim page');

  // Staff may decide once the fund has no administrator connected.
  const headers = await staffHeaders(admin);
  const funds = await (await admin.request.get('/api/v1/funds?q=Demo Retirement Fund', { headers })).json();
  const demo = funds.items.find((item: { name: string }) => item.name === 'Demo Retirement Fund');
  fund = { id: demo.id, administratorPartnerId: demo.administrator?.id ?? null };
  const detached = await admin.request.patch(`/api/v1/funds/${fund.id}`, {
    headers,
    data: { administratorPartnerId: null },
  });
  expect(detached.status()).toBe(200);
  await admin.reload();

  await admin.getByRole('button', { name: 'Start review' }).click();
  await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
  const checklist = admin.getByRole('table', { name: 'Checklist' });
  const firstStep = checklist.getByRole('button', { name: /^Pass / }).first();
  await firstStep.click();
  const outcome = admin.getByRole('dialog');
  await outcome.getByRole('textbox', { name: 'Note' }).fill('Checked against the fund record');
  await expectAccessibleHere(admin, 'the step outcome form');
  await outcome.getByRole('button', { name: 'Pass step' }).click();
  await expect(checklist).toContainText('Checked against the fund record');

  // Issue 21 item 1: staff ask for a newer statement (rejecting the old one); the member uploads it
  // right on the claim page and the claim comes back to review, where staff accept it.
  await admin.getByRole('button', { name: 'Request more information' }).click();
  const ask = admin.getByRole('dialog', { name: 'Request more information' });
  await ask.getByRole('combobox', { name: 'Document', exact: true }).click();
  await admin.getByRole('option', { name: 'Proof of bank account' }).click();
  await ask
    .getByRole('textbox', { name: 'Message (the member reads it)' })
    .fill('Please upload a bank statement from the last three months.');
  await ask.getByRole('combobox', { name: 'Reject a document (optional)' }).click();
  await admin.getByRole('option', { name: 'Proof of bank account: statement.png' }).click();
  await ask.getByRole('textbox', { name: 'Why it is rejected' }).fill('The statement is older than three months.');
  await ask.getByRole('textbox', { name: 'What the member should do' }).fill('Upload a statement dated this quarter.');
  await expectAccessibleHere(admin, 'the request-more-information dialog');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask).toBeHidden();
  await expect(admin.getByText('Waiting for the member’s answer.')).toBeVisible();
  await expectAccessibleHere(admin, 'the claim page waiting for the member');
  await expectTableCellsFormatted(admin, 'the claim page waiting for the member');

  await member.reload();
  const asked = member.getByRole('region', { name: 'We need more information' });
  await expect(asked).toContainText('Please upload a bank statement from the last three months.');
  const oldStatement = member.getByTestId('claim-document').filter({ hasText: 'statement.png' });
  await expect(oldStatement).toContainText('Rejected');
  await expect(oldStatement).toContainText('Upload a statement dated this quarter.');
  await expectAccessible(member, 'the claim page asking for more information');
  await chooseFile(member, 'Upload proof of bank account', {
    name: 'recent-statement.pdf',
    mimeType: 'application/pdf',
    buffer: SAMPLE_PDF,
  });
  await expect(asked).toBeHidden();
  await expect(member.getByTestId('claim-document').filter({ hasText: 'recent-statement.pdf' })).toContainText(
    'Received',
  );
  await expect(member.getByLabel('Claim timeline')).toContainText('More information needed');

  await admin.reload();
  await expect(admin.getByText(/Answered .* with a new document/)).toBeVisible();
  await admin.getByRole('button', { name: 'Accept recent-statement.pdf' }).click();
  await expect(admin.getByTestId('staff-claim-document').filter({ hasText: 'recent-statement.pdf' })).toContainText(
    'Accepted',
  );

  // Issue 36 item 1: the approval checks show what is still open; staff meet each one.
  const checks = admin.getByRole('table', { name: 'Approval checks' });
  await expect(checks.getByRole('row', { name: /Documents accepted/ })).toContainText('Not met');
  await admin.getByRole('button', { name: 'Accept my-id.pdf' }).click();
  await expect(admin.getByTestId('staff-claim-document').filter({ hasText: 'my-id.pdf' })).toContainText('Accepted');
  for (const step of ['Bank account verification', 'Document review', 'SARS tax directive']) {
    await checklist.getByRole('button', { name: `Pass ${step}` }).click();
    const passing = admin.getByRole('dialog');
    await passing.getByRole('button', { name: 'Pass step' }).click();
    await expect(passing).toBeHidden();
  }
  await expect(admin.getByText('Ready to approve')).toBeVisible();
  await expectAccessibleHere(admin, 'the claim page with its approval checks met');
  await expectTableCellsFormatted(admin, 'the claim page with its approval checks met');

  // The approve dialog says what will be paid, to whom, and asks for the net payout to confirm it.
  await admin.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = admin.getByRole('dialog', { name: 'Approve the claim' });
  const paid = approve.getByRole('table', { name: 'What will be paid' });
  await expect(paid).toContainText('William Myburgh');
  await expect(paid).toContainText('Passed');
  const net = (
    await paid
      .getByRole('row', { name: /Net payout/ })
      .getByRole('cell')
      .innerText()
  ).trim();
  await expectAccessibleHere(admin, 'the approve dialog');
  await approve.getByRole('textbox', { name: /Type the net payout to confirm/ }).fill('1.00');
  await approve.getByRole('button', { name: 'Approve claim' }).click();
  await expect(approve.getByText(/Type the net payout, .*, to confirm it\./)).toBeVisible();
  await approve.getByRole('textbox', { name: /Type the net payout to confirm/ }).fill(net);
  await approve.getByRole('button', { name: 'Approve claim' }).click();
  await expect(approve).toBeHidden();
  await expect(admin.getByLabel('Claim timeline')).toContainText('Approved');
});

test("the member's app shows the claim approved", async () => {
  await member.reload();
  await expect(member.getByLabel('Claim timeline')).toContainText('Approved');
});

test('staff mark the claim paid, with the payment reference the form asks for', async () => {
  await admin.getByRole('button', { name: 'Mark paid' }).click();
  const paid = admin.getByRole('dialog', { name: 'Mark the claim paid' });
  await paid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(paid.getByText('Give the payment reference.')).toBeVisible();
  await expectAccessibleHere(admin, 'the mark-paid form with its error');
  await paid.getByRole('textbox', { name: 'Payment reference' }).fill('EFT-ADMIN-0001');
  await paid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(admin.getByText('Payment reference EFT-ADMIN-0001').first()).toBeVisible();
  await expect(admin.getByLabel('Claim timeline')).toContainText('Paid');
});

test('staff find the person by ID number and open the person page', async () => {
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Benefits and persons' }).click();
  await expect(admin.getByRole('heading', { name: 'Benefits and persons', level: 1 })).toBeVisible();
  await admin.getByRole('textbox', { name: 'Search' }).fill(WILLIAM.idNumber);
  const row = admin.getByRole('row').filter({ hasText: 'William Myburgh' });
  await expect(row).toHaveCount(1);
  await expectAccessibleHere(admin, 'the benefits and persons search');
  await expectTableCellsFormatted(admin, 'the benefits and persons search');
  await row.click();
  await expect(admin.getByRole('heading', { name: 'William Myburgh', level: 1 })).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Benefits of this person' })).toContainText('R');
  await expectAccessibleHere(admin, 'the person page');
  await expectTableCellsFormatted(admin, 'the person page');
  await admin.getByRole('tab', { name: 'Claims' }).click();
  await expect(admin.getByRole('table', { name: 'Claims of this person' })).toContainText('Paid');
  await admin.getByRole('tab', { name: 'Account and devices' }).click();
  // Within the panel: while the tabs change, the panel left may still show the same address.
  await expect(admin.getByRole('tabpanel', { name: 'Account and devices' }).getByText(WILLIAM.email)).toBeVisible();
  await expectAccessibleHere(admin, "the person's account");
  await expectTableCellsFormatted(admin, "the person's account");

  await admin.getByRole('tab', { name: 'Source rows' }).click();
  await expect(admin.getByRole('table', { name: 'Source rows' })).toContainText('M1000099');
  await expectTableCellsFormatted(admin, "the person's source rows");
  await admin.getByRole('tab', { name: 'Identity images' }).click();
  await admin.getByRole('button', { name: 'Show identity images (audited)' }).click();
  await expect(admin.getByRole('img', { name: /^Identity check \d+: / }).first()).toBeVisible();
  await expectAccessibleHere(admin, "the person's identity images");

  // A correction needs a reason; with one it is saved and shown.
  await admin.getByRole('button', { name: 'Correct details' }).click();
  const correct = admin.getByRole('dialog', { name: 'Correct the person' });
  await correct.getByRole('textbox', { name: 'Email' }).fill('william.myburgh@example.org');
  await correct.getByRole('button', { name: 'Save correction' }).click();
  await expect(correct.getByText('Field is required')).toBeVisible();
  await expectAccessibleHere(admin, 'the correction form with its error');
  await correct.getByRole('textbox', { name: 'Reason for this change' }).fill('The member phoned with a new address');
  await correct.getByRole('button', { name: 'Save correction' }).click();
  await expect(correct).toBeHidden();
  await expect(admin.getByText('william.myburgh@example.org')).toBeVisible();
});
