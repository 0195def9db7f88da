import { expect, type Locator, type Page, test } from '@playwright/test';
import { staffToken } from '../../web/e2e/support';
import { expectAccessibleHere, scaled, signInDemoAdmin, staffHeaders, staffPage } from './support';
import {
  createFundWithFee,
  fileMember,
  memberFileCsv,
  paidClaim,
  secondStaffUser,
  staffApi,
  submittedClaim,
} from './work-data';

// Issue 38 item 1 "Done when": a record opens from each of the eight lists with the keyboard only
// (Tab, Enter; no mouse), the skip link is the first Tab stop and moves the focus into <main>, the
// focus is visible at every stop, the record's h1 has the focus once it opens, a dialog gives the
// focus back to what opened it, and axe finds nothing serious on every screen visited.
test.describe.configure({ mode: 'serial' });

const seed = Date.now() % 1_000_000;
const fundName = `Playwright Keyboard Fund ${seed}`;
/** `paid` has a paid claim (its fee is invoiced); `waiting` a submitted claim (the claims queue shows it). */
const paid = fileMember(0, seed);
const waiting = fileMember(1, seed);
const waitingName = `${waiting.firstName} ${waiting.lastName}`;
const templateName = `Playwright Keyboard template ${seed}`;
const checker = { email: `keyboard.${seed}@benefitfinder.co.za`, password: 'Keyboard#Rain2027' };
let admin: Page;
/** What the set-up made in a fund of this journey's own: an upload, a submitted claim and a draft invoice. */
const made = { uploadId: 0, claimId: 0, invoiceId: 0 };

/** Today and the first of this month in South African time (`YYYY-MM-DD`), as the invoice dialog's default period. */
function thisMonth(): { from: string; to: string } {
  const today = new Date(Date.now() + 2 * 3600_000).toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * The records the lists open, each list with one of this journey's own (copied from
 * work-screens.spec.ts, through the API): a fund with a fee, its member file uploaded by the demo
 * admin and accepted by a second staff user (maker-checker), one member's claim paid and invoiced
 * (a draft invoice), another's submitted; and a template.
 */
test.beforeAll(async ({ browser }) => {
  test.setTimeout(scaled(300_000));
  admin = await staffPage(browser);
  await signInDemoAdmin(admin);
  const call = await staffApi(admin);
  const fundId = await createFundWithFee(admin, fundName);
  const upload = await call<{ id: number }>('POST', 'file-uploads', { fundId, type: 'member_file' });
  made.uploadId = upload.id;
  const sent = await admin.request.post(`/api/v1/file-uploads/upload?fileUploadId=${upload.id}`, {
    headers: await staffHeaders(admin),
    multipart: {
      file: { name: `keyboard-${seed}.csv`, mimeType: 'text/csv', buffer: Buffer.from(memberFileCsv([paid, waiting])) },
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const mapping = await call<{ suggestedMapping: Record<string, string> }>(
    'GET',
    `file-uploads/mapping?fileUploadId=${upload.id}`,
  );
  await call('POST', 'file-uploads/mapping', { fileUploadId: upload.id, mapping: mapping.suggestedMapping });
  const status = async () => (await call<{ status: string }>('GET', `file-uploads/${upload.id}`)).status;
  await expect.poll(status, { timeout: scaled(30_000) }).toBe('validated');

  // The second staff user accepts it (maker-checker), signed in through the API: the screens of
  // sign-in and acceptance are work-screens.spec.ts's.
  await secondStaffUser(admin, checker.email, checker.password);
  const second = await staffPage(browser);
  await second.goto('/admin/sign-in');
  const xsrf = (await second.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const accepted = await second.request.patch(`/api/v1/file-uploads/${upload.id}/accept`, {
    headers: { authorization: `Bearer ${await staffToken(second, checker)}`, 'x-xsrf-token': xsrf },
    data: { note: 'The broken row goes back to the fund.' },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await second.context().close();
  await expect.poll(status, { timeout: scaled(30_000) }).toBe('accepted');

  const benefitOf = async (idNumber: string) =>
    (await call<{ items: { id: number }[] }>('GET', `benefits?q=${idNumber}`)).items[0]?.id as number;
  const paidPhone = await browser.newPage();
  await paidClaim(paidPhone, admin, paid, await benefitOf(paid.idNumber));
  await paidPhone.context().close();
  const waitingPhone = await browser.newPage();
  made.claimId = await submittedClaim(waitingPhone, waiting, await benefitOf(waiting.idNumber));
  await waitingPhone.context().close();
  const period = thisMonth();
  const invoice = await call<{ id: number }>('POST', 'invoices', {
    fundId,
    periodFrom: period.from,
    periodTo: period.to,
    recipient: { name: fundName, address: ['1 Fund Street', 'Cape Town'], vatNumber: null },
  });
  made.invoiceId = invoice.id;
  // The demo data has no template.
  await call('POST', 'templates', { name: templateName, kind: 'email', subject: 'Your benefit', body: 'Hello.' });
});
test.afterAll(async () => admin.context().close());

/**
 * Whether the focused element shows its focus: an outline or a box shadow on it or, for a control
 * drawn by its label (a visually hidden radio or checkbox), on the element that draws it. Names
 * the element for the failure message.
 */
async function focusShown(page: Page): Promise<{ shown: boolean; what: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { shown: false, what: 'nothing (the page itself)' };
    const ringed = (target: Element | null) => {
      if (!target) return false;
      const style = getComputedStyle(target);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    const rect = element.getBoundingClientRect();
    const hidden = rect.width < 2 || rect.height < 2 || getComputedStyle(element).opacity === '0';
    const drawnBy = element instanceof HTMLInputElement ? [...(element.labels ?? [])] : [];
    const candidates = hidden ? [element.nextElementSibling, ...drawnBy] : [element];
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 60) ?? '';
    return { shown: candidates.some(ringed), what: `<${element.tagName.toLowerCase()}> ${name}` };
  });
}

/** Presses Tab once; the element that then has the focus must show it. */
async function tab(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  const focus = await focusShown(page);
  expect(focus.shown, `the focus is visible on ${focus.what}`).toBe(true);
}

/** Presses Tab until `target` has the focus (each stop checked by `tab`), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 120): Promise<void> {
  await expect(target).toBeVisible();
  for (let stop = 0; stop < limit; stop += 1) {
    await tab(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${limit} Tab stops did not reach ${target}`);
}

/**
 * Opens a list screen by its URL and checks it with axe; the first Tab stop is the skip link, and
 * Enter on it gives <main> the focus (shown).
 */
async function listWithSkipLink(page: Page, path: string, title: string): Promise<void> {
  await page.goto(`/admin${path}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expectAccessibleHere(page, `the ${title.toLowerCase()} list`);
  await tab(page);
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  expect((await focusShown(page)).shown, 'the focus is visible on <main>').toBe(true);
}

/** Tabs to `link` (a row's link), presses Enter: the record's h1 has the focus, shown; axe on the record. */
async function openWithEnter(page: Page, link: Locator, heading: string | RegExp, what: string): Promise<void> {
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  const h1 = page.getByRole('heading', { name: heading, level: 1 });
  await expect(h1).toBeFocused();
  expect((await focusShown(page)).shown, `the focus is visible on the h1 of ${what}`).toBe(true);
  await expectAccessibleHere(page, what);
}

/** Tabs to the list's search box and types `text` (the list then narrows to it). */
async function searchFor(page: Page, text: string): Promise<void> {
  await tabTo(page, page.getByRole('textbox', { name: 'Search' }));
  // The list asks again once the typing stops (debounced): its answer is waited for, so that the
  // rows Tab then walks through are the search's (a row replaced under the focus drops it to the
  // page, which a busy machine once showed).
  const answered = page.waitForResponse((response) =>
    [...new URL(response.url()).searchParams.values()].includes(text),
  );
  await page.keyboard.type(text);
  await answered;
}

/** The link of a row of the table named `table`. */
function rowLink(page: Page, table: string, name: string | RegExp): Locator {
  return page.getByRole('table', { name: table }).getByRole('link', { name, exact: typeof name === 'string' });
}

test('claims: the skip link, a search typed, then Tab to the claim’s row link and Enter opens it', async () => {
  await listWithSkipLink(admin, '/claims', 'Claims');
  await searchFor(admin, waiting.idNumber);
  const link = rowLink(admin, 'Claims', String(made.claimId));
  await openWithEnter(admin, link, `Claim ${made.claimId}: ${waitingName}`, 'the claim');
  expect(admin.url()).toMatch(new RegExp(`/admin/claims/${made.claimId}$`));
});

test('persons, then the person’s claims: each opens with Tab (and an arrow key for the tab) and Enter', async () => {
  await listWithSkipLink(admin, '/persons', 'Benefits and persons');
  await searchFor(admin, waiting.idNumber);
  await openWithEnter(admin, rowLink(admin, 'Benefits', new RegExp(`^${waitingName}`)), waitingName, 'the person');
  // The person's claims (a list of its own, on the screen's "Claims" tab) open the same way: Tab to
  // the tabs (one stop), the arrow key to "Claims", then Tab to the claim's row link.
  await tabTo(admin, admin.getByRole('tab', { name: 'Benefits' }));
  await admin.keyboard.press('ArrowRight');
  await expect(admin.getByRole('tab', { name: 'Claims' })).toBeFocused();
  await expect(admin.getByRole('tab', { name: 'Claims' })).toHaveAttribute('aria-selected', 'true');
  expect((await focusShown(admin)).shown, 'the focus is visible on the "Claims" tab').toBe(true);
  const claim = rowLink(admin, 'Claims of this person', String(made.claimId));
  await openWithEnter(admin, claim, `Claim ${made.claimId}: ${waitingName}`, 'the claim from the person');
});

test('uploads: Tab to the upload’s row link and Enter opens it', async () => {
  await listWithSkipLink(admin, '/uploads', 'Uploads');
  const link = rowLink(admin, 'Uploads', String(made.uploadId));
  await openWithEnter(admin, link, `Upload ${made.uploadId}: keyboard-${seed}.csv`, 'the upload');
});

test('invoices: Tab to the draft invoice’s row link and Enter opens it', async () => {
  await listWithSkipLink(admin, '/invoices', 'Invoices');
  const link = rowLink(admin, 'Invoices', `Draft invoice ${made.invoiceId}`);
  await openWithEnter(admin, link, `Invoice Draft invoice ${made.invoiceId}`, 'the invoice');
});

test('funds: a dialog gives the focus back; Tab to the fund’s row link and Enter opens it', async () => {
  await listWithSkipLink(admin, '/set-up/funds', 'Funds');
  // "New fund" opens a dialog; Escape closes it and the focus is back on the button.
  const create = admin.getByRole('button', { name: 'New fund' });
  await tabTo(admin, create);
  await admin.keyboard.press('Enter');
  const dialog = admin.getByRole('dialog', { name: 'New fund' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  expect((await focusShown(admin)).shown, 'the focus is visible in the dialog').toBe(true);
  await expectAccessibleHere(admin, 'the new fund dialog');
  await admin.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();
  await searchFor(admin, fundName);
  await openWithEnter(admin, rowLink(admin, 'Funds', fundName), fundName, 'the fund');
});

test('partners: Tab to the partner’s row link and Enter opens it', async () => {
  await listWithSkipLink(admin, '/set-up/partners', 'Partners');
  const name = 'Demo Fund Administrators (Pty) Ltd';
  await openWithEnter(admin, rowLink(admin, 'Partners', name), name, 'the partner');
});

test('templates: Tab to the template’s row link and Enter opens it', async () => {
  await listWithSkipLink(admin, '/set-up/templates', 'Templates');
  await searchFor(admin, templateName);
  await openWithEnter(admin, rowLink(admin, 'Templates', templateName), templateName, 'the template');
});

test('a row link opens its record in a new tab with Ctrl+Enter; a click elsewhere on the row opens it', async () => {
  await listWithSkipLink(admin, '/set-up/funds', 'Funds');
  await searchFor(admin, fundName);
  const link = rowLink(admin, 'Funds', fundName);
  await expect(link).toHaveAttribute('href', /^\/admin\/set-up\/funds\/\d+$/);
  await tabTo(admin, link);
  const opened = admin.context().waitForEvent('page');
  await admin.keyboard.press('Control+Enter');
  const other = await opened;
  await other.waitForURL(/\/admin\/set-up\/funds\/\d+$/);
  await other.close();
  await expect(admin.getByRole('heading', { name: 'Funds', level: 1 })).toBeVisible();
  await expect(link).toBeFocused();
  // A mouse click elsewhere on the row still opens the record in place.
  // (`has` is looked for inside the row: the link by its name, not the table-rooted `link` above.)
  const row = admin
    .getByRole('table', { name: 'Funds' })
    .getByRole('row')
    .filter({ has: admin.getByRole('link', { name: fundName, exact: true }) });
  await row.getByRole('cell').nth(1).click();
  await expect(admin.getByRole('heading', { name: fundName, level: 1 })).toBeVisible();
});
