import { expect, type Page, test } from '@playwright/test';
import { memberViaApi, SAMPLE_PDF } from '../../web/e2e/support';
import { DEMO_STAFF, expectAccessibleHere, signInAs } from './support';

// Issue 38 item 3 "Work queues" in the staff app, at a laptop's 1280 x 800: three members claim;
// a staff user finds their claims in the queue, sorts them by submission date and by gross amount
// (the rows' order read), sees the total, reloads and keeps the view from the URL, saves the view
// by name and applies it again from a clean queue, then ticks the three claims and assigns them
// to themself in one action (one bulk call).
test.describe.configure({ mode: 'serial' });

/**
 * Members of the generated demo file (seed 2026, rows 1611, 1737 and 2018: the only Smiths, one
 * withdrawal benefit each) that no other journey uses; claimed in this order.
 */
const SMITHS = [
  {
    first: 'Shaun',
    idNumber: '4707258586086',
    phone: '+27760497024',
    email: 'shaun_smith@example.co.za',
    rand: 1065.65,
  },
  { first: 'Mpho', idNumber: '5802192127086', phone: '+27783898954', email: 'mpho_smith@example.co.za', rand: 98.73 },
  {
    first: 'Johnnie',
    idNumber: '8508217123086',
    phone: '+27847104021',
    email: 'johnnie.smith@example.co.za',
    rand: 4875.77,
  },
] as const;
type Smith = (typeof SMITHS)[number];

const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let admin: Page;
const claimIds: number[] = [];

/** The member signs up and claims their one benefit through the member API; the claim's id. */
async function claimThroughApi(page: Page, member: Smith, index: number): Promise<number> {
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
  // An account of each member's own (no shared-account flag); the sandbox bank match passes it.
  const account = await request('POST', 'benefit-claims/person-banks', {
    data: { bankId: fnb?.id, accountType: 'SAVINGS', accountNumber: `6238000${index}113`, holderName: 'X Smith' },
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

const table = () => admin.getByRole('table', { name: 'Claims' });

/**
 * Waits until the Smiths' rows read `expected` top to bottom (first names). The URL and the sort
 * icon change before the new page of rows arrives, so the order is waited for, not read once.
 */
async function expectRowOrder(expected: readonly string[]): Promise<void> {
  const order = async () => {
    const texts = await table().locator('tbody tr').allInnerTexts();
    return texts.map((text) => SMITHS.find((smith) => text.includes(`${smith.first} Smith`))?.first ?? '?');
  };
  await expect.poll(order, { message: 'the claims, top to bottom' }).toEqual(expected);
}

/** A sortable column's header (mantine-datatable makes it a button, named with its sort icon). */
const header = (title: string) =>
  table().getByRole('button', { name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}`) });

/** Clicks a sortable column's header and waits for the URL to name that order. */
async function sortBy(title: string, sort: string) {
  await header(title).click();
  await expect(admin).toHaveURL(new RegExp(`sort=${sort.replace(':', '%3A')}`));
  await expect(
    header(title).getByRole('img', { name: sort.endsWith('desc') ? 'Sorted descending' : 'Sorted ascending' }),
  ).toBeVisible();
}

const byAmount = [...SMITHS].sort((a, b) => a.rand - b.rand).map((smith) => smith.first);
const bySubmission = SMITHS.map((smith) => smith.first);

test.beforeAll(async ({ browser }) => {
  for (const [index, smith] of SMITHS.entries()) {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.38.1.${index + 1}` } });
    claimIds.push(await claimThroughApi(await context.newPage(), smith, index));
    await context.close();
  }
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': '10.38.2.1' },
  });
  admin = await context.newPage();
});

test.afterAll(async () => {
  await admin.context().close();
});

test('the queue sorts by submission date and by gross amount, and shows its total', async () => {
  // The demo approver: reviews and assigns claims (the demo reviewer does not list them).
  await signInAs(admin, DEMO_STAFF.approver);
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Claims' }).click();
  await expect(admin.getByRole('heading', { name: 'Claims', level: 1 })).toBeVisible();
  await expect(admin.getByTestId('list-total')).toHaveText(/^\d+ claims?$/);

  await admin.getByRole('textbox', { name: 'Search' }).fill('Smith');
  await expect(admin).toHaveURL(/q=Smith/);
  await expect(admin.getByTestId('list-total')).toHaveText('3 claims');

  await sortBy('Amount (gross)', 'amountCents:asc');
  await expectRowOrder(byAmount);
  await sortBy('Amount (gross)', 'amountCents:desc');
  await expectRowOrder([...byAmount].reverse());
  // Another column keeps the direction shown (mantine-datatable); a second click turns it.
  await sortBy('Submitted', 'submittedAt:desc');
  await expectRowOrder([...bySubmission].reverse());
  await sortBy('Submitted', 'submittedAt:asc');
  await expectRowOrder(bySubmission);
  await sortBy('Submitted', 'submittedAt:desc');
  await expectRowOrder([...bySubmission].reverse());

  // The filter bar fits one line at 1280 px: every filter's box on the same line.
  const filters = admin.getByRole('group', { name: 'Claim filters' });
  const first = await filters.getByRole('textbox', { name: 'Search' }).boundingBox();
  const last = await filters.getByRole('button', { name: /More filters/ }).boundingBox();
  const bar = await filters.boundingBox();
  const main = await admin.getByRole('main').boundingBox();
  expect(first && last && bar && main).toBeTruthy();
  if (first && last && bar && main) {
    expect(Math.abs(first.y + first.height - (last.y + last.height))).toBeLessThan(4);
    expect(bar.height).toBeLessThan(first.height * 2 + 30);
    // Nothing of the bar runs past the page's main area.
    expect(last.x + last.width).toBeLessThanOrEqual(main.x + main.width);
  }
  await admin.screenshot({ path: test.info().outputPath('claims-queue-1280.png') });
  await expectAccessibleHere(admin, 'the claims queue sorted by submission date');

  await filters.getByRole('button', { name: 'More filters' }).click();
  await expect(
    admin.getByRole('dialog', { name: 'More filters' }).getByRole('combobox', { name: 'Age' }),
  ).toBeVisible();
  await expectAccessibleHere(admin, 'the claims queue with more filters open');
  await admin.keyboard.press('Escape');
});

test('a reload keeps the filters, the order and the page size from the URL', async () => {
  await admin.getByRole('textbox', { name: 'From (R)' }).fill('100');
  await expect(admin).toHaveURL(/min=100/);
  await expect(admin.getByTestId('list-total')).toHaveText('2 claims');
  await admin.getByRole('combobox', { name: 'Rows per page' }).click();
  await admin.getByRole('option', { name: '50' }).click();
  await expect(admin).toHaveURL(/size=50/);

  await admin.reload();
  await expect(admin.getByRole('heading', { name: 'Claims', level: 1 })).toBeVisible();
  await expect(admin.getByRole('textbox', { name: 'Search' })).toHaveValue('Smith');
  await expect(admin.getByRole('textbox', { name: 'From (R)' })).toHaveValue('100');
  await expect(admin.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('50');
  await expect(admin.getByTestId('list-total')).toHaveText('2 claims');
  await expectRowOrder(['Johnnie', 'Shaun']);
  await expect(header('Submitted').getByRole('img', { name: 'Sorted descending' })).toBeVisible();
});

test('the view is saved by name and applied again from a clean queue', async () => {
  await admin.getByRole('button', { name: 'Save view' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Save this view' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Smiths over R100');
  await expectAccessibleHere(admin, 'the save view dialog');
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('View "Smiths over R100" saved.')).toBeVisible();

  // A clean queue: the navigation's link, no filters.
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Claims' }).click();
  await expect(admin.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  await expect(admin.getByRole('textbox', { name: 'From (R)' })).toHaveValue('');

  await admin.getByRole('button', { name: 'Saved views' }).click();
  await admin.getByRole('menuitem', { name: 'Smiths over R100' }).click();
  await expect(admin).toHaveURL(/q=Smith/);
  await expect(admin.getByRole('textbox', { name: 'Search' })).toHaveValue('Smith');
  await expect(admin.getByRole('textbox', { name: 'From (R)' })).toHaveValue('100');
  await expect(admin.getByTestId('list-total')).toHaveText('2 claims');
  await expectRowOrder(['Johnnie', 'Shaun']);
});

test('three ticked claims are assigned in one action', async () => {
  await admin.getByRole('textbox', { name: 'From (R)' }).fill('');
  await expect(admin.getByTestId('list-total')).toHaveText('3 claims');
  for (const id of claimIds) await admin.getByRole('checkbox', { name: `Select claim ${id}` }).check();
  const selected = admin.getByRole('group', { name: 'Selected claims' });
  await expect(selected).toContainText('3 selected');
  await expectAccessibleHere(admin, 'the queue with three claims ticked');

  const calls: { url: string }[] = [];
  admin.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/v1\/benefits\/claims?\b.*assignee/.test(request.url())) {
      calls.push({ url: request.url() });
    }
  });
  await selected.getByRole('button', { name: 'Assign to me' }).click();
  await expect(selected).toBeHidden();
  for (const smith of SMITHS) {
    await expect(
      table()
        .getByRole('row')
        .filter({ hasText: `${smith.first} Smith` }),
    ).toContainText('(you)');
  }
  expect(calls).toHaveLength(1);
  expect(calls[0]?.url).toMatch(/\/api\/v1\/benefits\/claims\/assignee$/);
  await admin.screenshot({ path: test.info().outputPath('claims-assigned-1280.png') });
});
