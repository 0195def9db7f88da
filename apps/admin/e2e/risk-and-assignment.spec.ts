import { expect, type Page, test } from '@playwright/test';
import { memberViaApi, SAMPLE_PDF } from '../../web/e2e/support';
import { DEMO_STAFF, expectAccessibleHere, expectTableCellsFormatted, signInAs } from './support';

// Issue 36 items 3 and 4 in the staff app, at a laptop's 1280 x 800: two members claim into one
// bank account; a staff user filters the queue to flagged claims, reads a flagged claim's flags
// with links to the other person's claim, takes the claim ("Assign to me") and finds it under
// "My claims", then takes the other one from the queue with the bulk action.
test.describe.configure({ mode: 'serial' });

/** Members of the generated demo file (seed 2026, rows 1708 and 1712) that no other journey uses. */
const ALBERT = { idNumber: '7601208792083', phone: '+27623553324', email: 'albert.lochner13@example.co.za' };
const PHILA = { idNumber: '5303179637080', phone: '+27730657630', email: 'phila_radebe99@example.co.za' };
/** One FNB account both claim into (the sandbox bank match passes it: last digit 3). */
const SHARED_ACCOUNT = '62123456783';

const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let admin: Page;
const claims: Record<'albert' | 'phila', number> = { albert: 0, phila: 0 };

/**
 * The member signs up (from their own address) and claims their one benefit through the member
 * API into `accountNumber`, every step and the submission; the claim's id.
 */
async function claimThroughApi(page: Page, member: typeof ALBERT, surname: string, accountNumber: string) {
  await page.goto('/');
  const token = await memberViaApi(page, member, { verifyPin: true, passIdentity: true });
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
  const request = async (method: 'GET' | 'POST', path: string, options: object = {}) => {
    const response = await page.request.fetch(`/api/app/${path}`, { method, headers, ...options });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  const [benefit] = (await request('GET', 'benefits')).items;
  const banks = (await request('GET', 'banks')).items as { id: number; name: string }[];
  const fnb = banks.find((bank) => bank.name.startsWith('First National Bank')) ?? banks[0];
  const account = await request('POST', 'benefit-claims/person-banks', {
    data: { bankId: fnb?.id, accountType: 'SAVINGS', accountNumber, holderName: `X ${surname}` },
  });
  const draft = await request('POST', `benefit-claims/${benefit.id}`, {
    data: { personalDetailsConfirmed: true, bankAccountId: account.id, feesAccepted: true },
  });
  for (const [kind, name, mimeType, buffer] of [
    ['ID_COPY', 'id.pdf', 'application/pdf', SAMPLE_PDF],
    ['PROOF_OF_BANK_ACCOUNT', 'bank.png', 'image/png', SAMPLE_PNG],
  ] as const) {
    await request('POST', `benefit-claims/${benefit.id}/documents?kind=${kind}`, {
      multipart: { file: { name, mimeType, buffer } },
    });
  }
  const claim = await request('POST', `benefit-claims/${benefit.id}/claim`, {
    data: { declarationAccepted: true, netAmountCents: draft.payout.netAmountCents },
  });
  return claim.id as number;
}

/** Picks whose claims the queue shows ("All claims", "My claims", "Unassigned"), as a person clicks it. */
async function showClaims(view: 'All claims' | 'My claims' | 'Unassigned') {
  await admin.getByRole('radiogroup', { name: 'Whose claims' }).getByText(view, { exact: true }).click();
  await expect(admin.getByRole('radio', { name: view })).toBeChecked();
}

test.beforeAll(async ({ browser }) => {
  for (const [key, member, surname, address] of [
    ['albert', ALBERT, 'Lochner', '10.36.1.1'],
    ['phila', PHILA, 'Radebe', '10.36.1.2'],
  ] as const) {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } });
    claims[key] = await claimThroughApi(await context.newPage(), member, surname, SHARED_ACCOUNT);
    await context.close();
  }
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': '10.36.2.1' },
  });
  admin = await context.newPage();
});

test.afterAll(async () => {
  await admin.context().close();
});

test('the dashboard counts flagged claims and the queue filters to them', async () => {
  // The demo approver (the demo admin's five PINs an hour go to the other back-office journeys).
  await signInAs(admin, DEMO_STAFF.approver);
  const figure = admin.getByText('Flagged claims waiting').locator('..');
  await expect(figure).toContainText(/\d+/);
  expect(Number(/(\d+)/.exec(await figure.innerText())?.[1])).toBeGreaterThanOrEqual(2);
  await expectAccessibleHere(admin, 'the dashboard with the flagged claims');
  await figure.getByRole('link', { name: 'See flagged claims' }).click();

  await expect(admin.getByRole('heading', { name: 'Claims', level: 1 })).toBeVisible();
  await expect(admin.getByRole('checkbox', { name: 'Flagged only' })).toBeChecked();
  const table = admin.getByRole('table', { name: 'Claims' });
  const phila = table.getByRole('row').filter({ hasText: 'Phila Radebe' });
  await expect(phila).toContainText('1 flag');
  await expect(phila).toContainText('Unassigned');
  await expect(table.getByRole('row').filter({ hasText: 'Albert Lochner' })).toContainText('1 flag');
  // Every claim the flagged filter shows has a flag.
  await expect(table.getByRole('row').filter({ hasText: 'No flags' })).toHaveCount(0);
  await expectAccessibleHere(admin, 'the claims queue filtered to flagged claims');
  await expectTableCellsFormatted(admin, 'the claims queue filtered to flagged claims');
});

test("a flagged claim's page explains the flag and links the other person's claim", async () => {
  await admin
    .getByRole('table', { name: 'Claims' })
    .getByRole('row')
    .filter({ hasText: 'Phila Radebe' })
    .getByText('Phila Radebe')
    .click();
  await expect(admin.getByRole('heading', { name: `Claim ${claims.phila}: Phila Radebe` })).toBeVisible();
  const risk = admin.getByRole('region', { name: 'Risk flags (1)' });
  const flag = risk.getByRole('article', { name: 'Payee account used by another person' });
  await expect(flag).toContainText('The payee account (******6783) is also the bank account of 1 other person');
  await expect(flag.getByRole('link', { name: 'Albert Lochner', exact: true })).toBeVisible();
  await expect(flag.getByRole('link', { name: `Claim ${claims.albert} (Albert Lochner)` })).toBeVisible();
  await expectAccessibleHere(admin, 'a flagged claim');
  await expectTableCellsFormatted(admin, 'a flagged claim');

  await flag.getByRole('link', { name: `Claim ${claims.albert} (Albert Lochner)` }).click();
  await expect(admin.getByRole('heading', { name: `Claim ${claims.albert}: Albert Lochner` })).toBeVisible();
  await expect(
    admin.getByRole('article', { name: 'Payee account used by another person' }).getByRole('link', {
      name: `Claim ${claims.phila} (Phila Radebe)`,
    }),
  ).toBeVisible();
  await admin.goBack();
  await expect(admin.getByRole('heading', { name: `Claim ${claims.phila}: Phila Radebe` })).toBeVisible();
});

test('the staff user assigns the claim to themself and finds it under My claims', async () => {
  const assignee = admin.getByRole('region', { name: 'Assignee' });
  await expect(assignee).toContainText('Unassigned');
  await assignee.getByRole('button', { name: 'Assign to me' }).click();
  await expect(assignee).toContainText('Demo Approver (you)');
  await expect(assignee.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
  await expectAccessibleHere(admin, 'a claim assigned to me');
  await admin.screenshot({ path: test.info().outputPath('flagged-claim.png') });

  // "Assign to…" lists the staff who can be given claims.
  await assignee.getByRole('button', { name: 'Assign to…' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Assign the claim' });
  await dialog.getByRole('combobox', { name: 'Staff member' }).click();
  await expect(admin.getByRole('option', { name: /Demo Approver/ })).toBeVisible();
  await expectAccessibleHere(admin, 'the assign dialog');
  // The first Escape closes the list of staff, the second the dialog: each waits for what it closed,
  // or a second key pressed while the list is still closing is taken by the list.
  await admin.keyboard.press('Escape');
  await expect(admin.getByRole('option', { name: /Demo Approver/ })).toBeHidden();
  await admin.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await admin.getByRole('link', { name: '← Claims' }).click();
  await showClaims('My claims');
  const table = admin.getByRole('table', { name: 'Claims' });
  await expect(table.getByRole('row').filter({ hasText: 'Phila Radebe' })).toContainText('Demo Approver (you)');
  await expect(table.getByRole('row').filter({ hasText: 'Albert Lochner' })).toHaveCount(0);
  await expectAccessibleHere(admin, 'My claims');
  await expectTableCellsFormatted(admin, 'My claims');
});

test('the other flagged claim is taken from the queue with the bulk action', async () => {
  await showClaims('Unassigned');
  await admin.getByRole('checkbox', { name: 'Flagged only' }).check();
  await admin.getByRole('checkbox', { name: `Select claim ${claims.albert}` }).check();
  const selected = admin.getByRole('group', { name: 'Selected claims' });
  await expect(selected).toContainText('1 selected');
  await expectAccessibleHere(admin, 'the queue with a claim selected');
  await selected.getByRole('button', { name: 'Assign to me' }).click();
  await expect(selected).toBeHidden();

  await showClaims('My claims');
  const table = admin.getByRole('table', { name: 'Claims' });
  await expect(table.getByRole('row').filter({ hasText: 'Albert Lochner' })).toContainText('Demo Approver (you)');
  await expect(table.getByRole('row').filter({ hasText: 'Phila Radebe' })).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath('my-flagged-claims.png'), fullPage: true });
});
