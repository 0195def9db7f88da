import { rawEnumCodes } from '@bcp/contract';
import { type Browser, expect, type Page } from '@playwright/test';
import { expectAccessible, readOtp } from '../../web/e2e/support';

export { scaled } from '../../web/e2e/support';

/** The demo staff users (README "Back office"). */
export const DEMO_STAFF = {
  admin: { email: 'admin@benefitfinder.co.za', password: 'Admin#Demo2026' },
  reviewer: { email: 'reviewer@benefitfinder.co.za', password: 'Review#Demo2026' },
  approver: { email: 'approver@benefitfinder.co.za', password: 'Approve#Demo2026' },
} as const;

let addressCount = 0;

/**
 * A browser context of its own, as one person at their own laptop: an address of its own
 * (`X-Forwarded-For`; the e2e server trusts it) so that sign-in limits per address do not add up
 * across tests.
 */
export async function staffPage(browser: Browser): Promise<Page> {
  addressCount += 1;
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': `10.19.${addressCount}.1` } });
  return context.newPage();
}

/** axe at the page's own size (1024 px): no serious or critical violation. */
export function expectAccessibleHere(page: Page, label: string): Promise<void> {
  return expectAccessible(page, label, { asShown: true });
}

/**
 * Signs in through the screens: email and password, then the PIN read from the development
 * outbox (what the staff member's inbox would show); ends on the dashboard. A PIN goes to one
 * address once a minute: when another journey's PIN went under a minute ago, the page names the
 * seconds to wait; this waits them and tries once more (journeys run one after another, and the
 * demo users sign in in several).
 */
export async function signInThroughScreens(page: Page, email: string, password: string, check = false) {
  for (let attempt = 1; ; attempt += 1) {
    await page.goto('/admin/sign-in');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password').first().fill(password);
    if (check && attempt === 1) await expectAccessibleHere(page, 'the sign-in page');
    await page.getByRole('button', { name: 'Continue' }).click();
    const pinPage = page.getByRole('heading', { name: 'Enter your PIN' });
    const wait = page.getByRole('alert').filter({ hasText: /wait \d+ seconds/ });
    await expect(pinPage.or(wait)).toBeVisible();
    if (attempt > 1 || (await pinPage.isVisible())) break;
    const seconds = Number(/wait (\d+) seconds/.exec(await wait.innerText())?.[1] ?? 60);
    await page.waitForTimeout((seconds + 1) * 1000);
  }
  await expect(page.getByRole('heading', { name: 'Enter your PIN' })).toBeVisible();
  if (check) await expectAccessibleHere(page, 'the PIN page');
  const pin = await readOtp(page, email);
  await page.getByRole('textbox').first().click();
  await page.keyboard.type(pin);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/** The newest password link (`/admin/reset-password/...`) emailed to `email`, from the development outbox. */
export async function readPasswordLink(page: Page, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const html = await (await page.request.get(`/api/dev/outbox?destination=${encodeURIComponent(email)}`)).text();
      link = /\/admin\/reset-password\/[A-Za-z0-9_-]+/.exec(html)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** The navigation's links, by name. */
export async function navigationLinks(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts();
}

/**
 * The signed-in sessions (the back office's stored `adminSession`) of this Playwright worker, by
 * email, once a journey has signed that user in through the screens: the spec allows 5 sign-in
 * PINs an hour per address and one a minute, and the demo users sign in in more journeys than
 * that, so later journeys open the same session in their own browser.
 */
const storedSessions = new Map<string, string>();

/**
 * Signs a staff user in for a journey of its own: the first time through the screens (waiting out
 * another journey's PIN minute), later by opening this worker's session of that user in `page`'s
 * own browser context, as a second tab of the same person would; through the screens again when
 * that session has ended. Ends on the dashboard.
 * @param user email and password, e.g. `DEMO_STAFF.reviewer`
 */
export async function signInAs(page: Page, user: { email: string; password: string }): Promise<void> {
  const stored = storedSessions.get(user.email);
  if (stored) {
    await page.goto('/admin/sign-in');
    await page.evaluate((session) => localStorage.setItem('adminSession', session), stored);
    await page.goto('/admin/');
    const dashboard = page.getByRole('heading', { name: 'Dashboard', level: 1 });
    await expect(dashboard.or(page.getByRole('heading', { name: 'Sign in', level: 1 }))).toBeVisible();
    if (await dashboard.isVisible()) return;
  }
  await signInThroughScreens(page, user.email, user.password);
  const session = await page.evaluate(() => localStorage.getItem('adminSession'));
  if (session) storedSessions.set(user.email, session);
}

/** `signInAs` the demo admin (`DEMO_STAFF.admin`). */
export function signInDemoAdmin(page: Page): Promise<void> {
  return signInAs(page, DEMO_STAFF.admin);
}

/** The signed-in staff page's token and XSRF header, for a call the journey makes behind the screens. */
export async function staffHeaders(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('adminSession') ?? '{}').state?.apiToken);
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
}

/** The contract's enum values that read as codes (`SAVINGS`, `in_review`, `id_number`, `funds.write`). */
const RAW_CODES = new Set(rawEnumCodes());

/** Date and time formats the back office no longer shows (issue 38 item 4: `26 Nov 2026, 19:05` only). */
const WRONG_DATES: { name: string; pattern: RegExp }[] = [
  // Not inside a file name such as `members-2026-11-26.csv` (hyphen or letter either side).
  { name: 'an ISO date', pattern: /(?<![\w-])\d{4}-\d{2}-\d{2}(?![\w-])|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/ },
  { name: 'a slash date', pattern: /\b\d{1,4}\/\d{1,2}\/\d{1,4}\b/ },
  { name: 'a time with seconds', pattern: /\b\d{1,2}:\d{2}:\d{2}\b/ },
];

/**
 * Every table cell on the screen (`td`, and the row headers `th` of a table's body) is shown as
 * people read it (issue 38 item 4 "One format"): no ISO or slash date, no time with seconds, and no
 * raw enum code of the contract (`SAVINGS`, `in_review`, `id_number`, `funds.write`; see
 * `rawEnumCodes`). A code deliberately shown as secondary text is marked up as code (`<code>`,
 * Mantine's `Code`) and not read. Fails naming each wrong cell and what is wrong in it. Call it
 * once the list's rows are shown: an empty or loading table passes.
 */
export async function expectTableCellsFormatted(page: Page, where: string): Promise<void> {
  const texts = await page.locator('table td, table tbody th').evaluateAll((cells) =>
    cells.map((cell) => {
      const parts: string[] = [];
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.parentElement?.closest('code')) parts.push(node.textContent ?? '');
      }
      return parts.join(' ').replace(/\s+/g, ' ').trim();
    }),
  );
  const problems = new Set<string>();
  for (const text of texts) {
    for (const { name, pattern } of WRONG_DATES) {
      const found = pattern.exec(text)?.[0];
      if (found) problems.add(`"${text}" shows ${name} (${found})`);
    }
    for (const token of text.split(/[\s,;:()[\]{}“”"'’/]+/)) {
      const word = token.replace(/[.…]+$/, '');
      if (RAW_CODES.has(word)) problems.add(`"${text}" shows the raw code ${word}`);
    }
  }
  expect([...problems], `table cells on ${where}`).toEqual([]);
}
