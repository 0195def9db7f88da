import { FAQ_MESSAGES, HTTP_CLIENT } from '@bcp/contract';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, expectAccessible, memberViaApi } from './support';

/**
 * The Frequently Asked Questions dialog (spec 2, spec 8; issue 7), as a person uses it: from the
 * FAQ's tab with and without `fundId`/`benefitId`, from "Questions?" on the claim steps with the
 * member's own data, and its three notices. Members: Kagiso (surplus R512.30) and Anele.
 */
const faqTab = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: "FAQ's" });
const faqDialog = (page: Page) => page.getByRole('dialog', { name: 'Frequently Asked Questions' });
/** A negative notice (toast) with this exact text. */
const notice = (page: Page, text: string) => page.locator('.mantine-Notification-root', { hasText: text });

/** The two FAQ calls, as `page.route` matchers (the same function unroutes). */
const faqCall = (url: URL) => url.pathname === '/api/app/faq-funds';
const paramsCall = (url: URL) => url.pathname === '/api/app/faq-funds/params';

const DEMO_FUND = 'Demo Retirement Fund';
const GENERAL_QUESTIONS = [
  'How do I claim my benefit?',
  'Which documents do I need?',
  'How long does it take?',
  'How do I spot a scam?',
] as const;

/** The id of the member's first benefit, through the API as the app calls it. */
async function firstBenefit(page: Page, token: string): Promise<{ id: number; fund: { id: number } }> {
  const response = await page.request.get('/api/app/benefits', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()).items[0];
}

test('signed out, no fundId: the general FAQs in a persistent 950 px dialog with a Cancel button', async ({ page }) => {
  await page.goto('/main');
  await faqTab(page).click();
  const dialog = faqDialog(page);
  await expect(dialog).toBeVisible();
  const rows = dialog.getByRole('button', { name: /\?$/ });
  await expect(rows).toHaveText([...GENERAL_QUESTIONS]);
  const box = await dialog.boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(950);

  await dialog.getByRole('button', { name: 'How do I spot a scam?' }).click();
  const answer = dialog.getByRole('region', { name: 'How do I spot a scam?' });
  await expect(answer).toContainText('We will never ask you for your PIN or password');
  await expect(answer.locator('strong', { hasText: 'never' })).toBeVisible();
  await expect(answer).toContainText('Only claim in this app.');
  await expectAccessible(page, 'the FAQ dialog, an answer open');
  await expect(dialog).not.toContainText(DEMO_FUND);

  // Persistent: Escape and a click outside leave it open; Cancel closes it.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test("a member's own benefit fills the answers (fund, amount, name); another member's benefitId gives nothing personal", async ({
  page,
}) => {
  const aneleToken = await memberViaApi(page, DEMO.anele, { verifyPin: true, passIdentity: true });
  const aneleBenefit = await firstBenefit(page, aneleToken);
  const token = await memberViaApi(page, DEMO.kagiso, { verifyPin: true, passIdentity: true });
  const benefit = await firstBenefit(page, token);

  // With fundId only: the fund's FAQs too (fees), but no member data.
  await page.goto(`/main?fundId=${benefit.fund.id}`);
  await faqTab(page).click();
  let dialog = faqDialog(page);
  await dialog.getByRole('button', { name: 'What fees are deducted?' }).click();
  await expect(dialog.getByRole('region', { name: 'What fees are deducted?' })).toContainText(
    "The fund's fees (with VAT) are deducted",
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // From the claim steps: "Questions?" passes fundId and benefitId.
  await page.goto(`/benefit/steps?benefitId=${benefit.id}`);
  await page.getByRole('button', { name: /Questions\?/ }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]fundId=${benefit.fund.id}(&|$)`));
  await expect(page).toHaveURL(new RegExp(`[?&]benefitId=${benefit.id}(&|$)`));
  dialog = faqDialog(page);
  const [howToClaim, documents, howLong, scams] = GENERAL_QUESTIONS;
  await expect(dialog.getByRole('button', { name: /\?$/ })).toHaveText([
    howToClaim,
    documents,
    'What fees are deducted?',
    howLong,
    scams,
  ]);
  await dialog.getByRole('button', { name: 'What fees are deducted?' }).click();
  const fees = dialog.getByRole('region', { name: 'What fees are deducted?' });
  await expect(fees).toContainText(`Your surplus benefit from ${DEMO_FUND} is`);
  await expect(fees).toContainText(/R\s?512,30/);
  await expect(fees.locator('strong', { hasText: /R\s?512,30/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'How do I claim my benefit?' }).click();
  await expect(dialog.getByRole('region', { name: 'How do I claim my benefit?' })).toContainText(
    /Kagiso, your claim takes five steps.*surplus benefit of R\s?512,30 from Demo Retirement Fund/s,
  );
  await dialog.getByRole('button', { name: 'How long does it take?' }).click();
  await expect(dialog.getByRole('region', { name: 'How long does it take?' })).toContainText(
    'Your claim is now draft.',
  );
  await expectAccessible(page, "the FAQ dialog with the member's data");
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/faq=open/);

  // Anele's benefit id in Kagiso's session: no data, the notice, and the answers without anyone's data.
  await page.goto(`/main?benefitId=${aneleBenefit.id}`);
  await faqTab(page).click();
  dialog = faqDialog(page);
  await expect(notice(page, FAQ_MESSAGES.noParams)).toBeVisible();
  await expect(dialog.getByRole('button', { name: GENERAL_QUESTIONS[0] })).toBeVisible();
  await dialog.getByRole('button', { name: GENERAL_QUESTIONS[0] }).click();
  await expect(dialog.getByRole('region', { name: GENERAL_QUESTIONS[0] })).toContainText('Your claim takes five steps');
  await expect(dialog).not.toContainText(/Anele|Zulu|21\s?760|Kagiso/);
});

test("'Unable to get FAQs' when the FAQ call fails, and when the params call fails", async ({ page }) => {
  await page.route(faqCall, (route) => route.fulfill({ status: 400, json: { message: 'Bad request' } }));
  await page.goto('/main');
  await faqTab(page).click();
  const dialog = faqDialog(page);
  await expect(notice(page, FAQ_MESSAGES.loadFailed)).toBeVisible();
  await expect(dialog.getByText(FAQ_MESSAGES.loadFailed)).toBeVisible();
  await expectAccessible(page, 'the FAQ dialog when the call fails');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.unroute(faqCall);

  await page.route(paramsCall, (route) => route.fulfill({ status: 400, json: { message: 'Bad request' } }));
  await page.goto('/main?benefitId=1');
  await faqTab(page).click();
  await expect(faqDialog(page).getByText(FAQ_MESSAGES.loadFailed)).toBeVisible();
});

test("'No Available FAQs' when the list is empty; 'No Available Prams' when a benefitId gives no data", async ({
  page,
}) => {
  await page.route(faqCall, (route) =>
    route.fulfill({ status: 200, json: { items: [], page: 1, pageSize: 1, total: 0, totalPages: 1 } }),
  );
  await page.goto('/main');
  await faqTab(page).click();
  await expect(notice(page, FAQ_MESSAGES.noFaqs)).toBeVisible();
  await expect(faqDialog(page).getByText(FAQ_MESSAGES.noFaqs)).toBeVisible();
  await expectAccessible(page, 'the FAQ dialog without FAQs');
  await faqDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await page.unroute(faqCall);

  // Signed out with a benefitId: the params list is empty.
  await page.goto('/main?benefitId=1');
  await faqTab(page).click();
  await expect(notice(page, FAQ_MESSAGES.noParams)).toBeVisible();
  await expect(faqDialog(page).getByRole('button', { name: GENERAL_QUESTIONS[3] })).toBeVisible();
});

test('a loading indicator shows while the FAQs load', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(faqCall, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/main');
  await faqTab(page).click();
  await expect(faqDialog(page).getByLabel('Loading FAQs')).toBeVisible();
  const heldSince = Date.now();
  await expectAccessible(page, 'the FAQ dialog loading');
  const heldMs = Date.now() - heldSince;
  release();
  const firstQuestion = faqDialog(page).getByRole('button', { name: GENERAL_QUESTIONS[0] });
  if (heldMs < HTTP_CLIENT.timeoutMs) {
    await expect(firstQuestion).toBeVisible();
    return;
  }
  // The accessibility scan held the call past the client's 10 s per attempt (spec 9; a busy
  // machine): the client may have given up, as it should, with the spec's notice. Opened again,
  // the FAQs load.
  await expect(firstQuestion.or(faqDialog(page).getByText(FAQ_MESSAGES.loadFailed))).toBeVisible();
  if (await firstQuestion.isVisible()) return;
  await faqDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await faqTab(page).click();
  await expect(firstQuestion).toBeVisible();
});
