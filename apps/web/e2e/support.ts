import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** A timeout for this machine: the quiet machine's limit times the run's factor (issue 41). */
export { scaled } from '../../../scripts/lib/time-scale.mjs';

/** Documented demo members (README "Demo data"). */
export const DEMO = {
  nomsa: { idNumber: '7503140234085', phone: '+27821234567', email: 'nomsa.dlamini@example.co.za' },
  pieter: { idNumber: '6211025123081', phone: '+27834567890', email: 'pieter.vdmerwe@example.co.za' },
  sipho: { idNumber: '9007216711081', phone: '+27761112233', email: 'sipho.ndlovu@example.co.za' },
  lerato: { idNumber: '8404181207081', phone: '+27725550101', email: 'lerato.mokoena@example.co.za' },
  johan: { idNumber: '5808307702085', phone: '+27845550102', email: 'johan.botha@example.co.za' },
  ayesha: { idNumber: '9312053390084', phone: '+27795550103', email: 'ayesha.khan@example.co.za' },
  thabo: { idNumber: '7902276021086', phone: '+27605550104', email: 'thabo.nkosi@example.co.za' },
  zanele: { idNumber: '8706124302088', phone: '+27735550105', email: 'zanele.mthembu@example.co.za' },
  kagiso: { idNumber: '9103085518085', phone: '+27715550106', email: 'kagiso.molefe@example.co.za' },
  anele: { idNumber: '7610192264082', phone: '+27825550107', email: 'anele.zulu@example.co.za' },
  noBenefits: '8809094410087',
} as const;

export const PASSWORD = 'Sunshine#2026';

/** The latest PIN sent to a destination, from the development outbox (what a phone would show). */
export async function readOtp(page: Page, destination: string): Promise<string> {
  let otp = '';
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/dev/otp?destination=${encodeURIComponent(destination)}`);
      otp = response.ok() ? (await response.json()).otp : '';
      return otp;
    })
    .toMatch(/^\d{6}$/);
  return otp;
}

/** Types a PIN into the six PIN boxes and submits it. */
export async function enterPin(page: Page, pin: string, submit = 'Continue'): Promise<void> {
  await page.getByRole('textbox').first().click();
  await page.keyboard.type(pin);
  await page.getByRole('button', { name: submit, exact: true }).click();
}

/** Signs up through the screens from the sign-up page, and enters the first PIN. */
export async function signUpThroughScreens(page: Page, member: { idNumber: string; phone: string; email: string }) {
  await page.goto(`/sign-up/${member.idNumber}`);
  await page.getByLabel('Cellphone number').fill(member.phone.replace('+27', '0'));
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('I accept the').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await enterPin(page, await readOtp(page, member.phone));
}

/** Passes the identity check in the built-in sandbox provider. */
export async function passIdentityCheck(page: Page) {
  await expect(page).toHaveURL(/\/id-verify\//);
  await page.getByRole('button', { name: 'Start the identity check' }).click();
  await expect(page.getByRole('heading', { name: /Identity check \(sandbox\)/ })).toBeVisible();
  await page.getByRole('button', { name: 'Pass the check' }).click();
  await expect(page).toHaveURL(/\/benefits$/);
}

/** Signs in through the screens with the PIN. */
export async function signInThroughScreens(page: Page, identifier: string, phone: string, password = PASSWORD) {
  await page.goto('/auth/login');
  await page.getByLabel('ID number or email').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await enterPin(page, await readOtp(page, phone));
}

/**
 * Logs out through the Account menu, answering 'Are you sure?' with Logout, and checks spec 4's
 * clearing: the app is on /main and apiToken and verified are gone from browser storage.
 */
export async function logoutThroughScreens(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expectAccessible(page, 'the account menu');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Are you sure?')).toBeVisible();
  await expectAccessible(page, 'the logout question');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/main$/);
  expect(await page.evaluate(() => [localStorage.getItem('apiToken'), localStorage.getItem('verified')])).toEqual([
    null,
    null,
  ]);
}

/** The XSRF cookie the server set on this page's context, to echo in API calls. */
async function xsrfHeader(page: Page): Promise<Record<string, string>> {
  if (!(await page.context().cookies()).some((cookie) => cookie.name === 'XSRF-TOKEN')) await page.goto('/main');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'x-xsrf-token': token };
}

/**
 * Sets a member up through the API, as the app would call it: sign-up, then (optionally) the PIN
 * and the sandbox identity check. Leaves the session in the page's browser storage.
 * @returns the api token
 */
export async function memberViaApi(
  page: Page,
  member: { idNumber: string; phone: string; email: string },
  steps: { verifyPin: boolean; passIdentity: boolean },
): Promise<string> {
  const headers = await xsrfHeader(page);
  // Each member signs up from their own phone: a per-member address (the e2e server trusts
  // X-Forwarded-For), so the per-IP sign-up limit (20 an hour) counts members, not the test runner.
  const address = `10.${Number(member.idNumber.slice(0, 2))}.${Number(member.idNumber.slice(2, 4))}.${Number(member.idNumber.slice(6, 9)) % 250}`;
  const signUp = await page.request.post('/api/app/person-users', {
    headers: { ...headers, 'x-forwarded-for': address },
    data: {
      idNumber: member.idNumber,
      phoneNumber: member.phone,
      email: member.email,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      twoFactorMethod: 'SMS',
      acceptTerms: true,
    },
  });
  expect(signUp.status()).toBe(201);
  const token: string = (await signUp.json()).apiToken;
  const auth = { ...headers, authorization: `Bearer ${token}` };
  if (steps.verifyPin) {
    const otp = await readOtp(page, member.phone);
    expect(
      (await page.request.post('/api/app/beneficiary-sessions/verifyOtp', { headers: auth, data: { otp } })).ok(),
    ).toBe(true);
  }
  if (steps.passIdentity) {
    const { url } = await (
      await page.request.get('/api/app/beneficiary-sessions/iidentifii', { headers: auth })
    ).json();
    await page.request.post(url, { form: { outcome: 'pass' }, maxRedirects: 0 });
  }
  await page.evaluate(
    ({ apiToken, verified }) => {
      localStorage.setItem('apiToken', apiToken);
      localStorage.setItem('verified', String(verified));
    },
    { apiToken: token, verified: steps.verifyPin },
  );
  return token;
}

export const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Chooses a file through the page's file picker, as a person would after tapping the button. */
export async function chooseFile(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

/** Claim step 2: fills in the bank account form (bank option, savings, number) and saves it. */
export async function fillBankAccountForm(page: Page, bankOption: string, accountNumber: string) {
  const form = page.getByRole('form', { name: 'Add a bank account' });
  await form.getByRole('combobox', { name: 'Bank' }).selectOption({ label: bankOption });
  await form.getByRole('combobox', { name: 'Account type' }).selectOption({ label: 'Savings account' });
  await form.getByLabel('Account number').fill(accountNumber);
  await form.getByRole('button', { name: 'Save bank account' }).click();
}

/** Claim step 3: uploads a PDF ID copy and a PNG proof of account, then continues. */
export async function uploadClaimDocuments(page: Page) {
  await chooseFile(page, 'Upload copy of your ID', {
    name: 'my-id.pdf',
    mimeType: 'application/pdf',
    buffer: SAMPLE_PDF,
  });
  await expect(page.getByRole('region', { name: 'Copy of your ID' })).toContainText('my-id.pdf');
  await chooseFile(page, 'Upload proof of bank account', {
    name: 'statement.png',
    mimeType: 'image/png',
    buffer: SAMPLE_PNG,
  });
  await expect(page.getByRole('region', { name: 'Proof of bank account' })).toContainText('statement.png');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/**
 * Claim steps 1 to 4 on the benefits page, for the demo fund's withdrawal benefit: details
 * confirmed, a new FNB account (`accountNumber`: the sandbox AVS outcome follows its last digit),
 * both documents, fees accepted.
 */
export async function claimStepsThroughFees(page: Page, accountNumber: string) {
  const card = page.getByRole('article', { name: 'Withdrawal benefit from Demo Retirement Fund' });
  await card.getByRole('button', { name: 'Claim this benefit' }).click();
  await page.getByLabel('These are my details and they are correct').check();
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await fillBankAccountForm(page, 'First National Bank (FNB) (250655)', accountNumber);
  await page.getByRole('button', { name: 'Use this account and continue' }).click();
  await uploadClaimDocuments(page);
  await page.getByLabel('I understand and accept these fees').check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();
}

/** Claim steps 5 and 6: the declaration, then submission; waits for the claim page. */
export async function declareAndSubmit(page: Page) {
  await page.getByLabel('I make this declaration').check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Submit my claim' }).click();
  await expect(page).toHaveURL(/\/benefit\/claim-details$/);
}

/** The phone members use (issue 14): accessibility is checked at this size. */
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

/** Waits until no finite animation or transition runs (modals and toasts fade in); spinners loop forever. */
async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || !Number.isFinite(animation.effect?.getComputedTiming().endTime),
      ),
  );
}

/** axe-core's serious and critical violations on the settled page, one line each: rule, help, elements. */
async function seriousViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/**
 * axe-core on the screen as shown (all its WCAG 2.0-2.2 A/AA and best-practice rules): records a
 * failure for any serious or critical violation, naming the rule and the elements (a soft check,
 * so the test goes on and one run lists every screen's problems). Checks at 390 px wide, then
 * gives the page back its own size; `{ asShown: true }` checks at the page's current size.
 */
export async function expectAccessible(page: Page, label: string, options: { asShown?: boolean } = {}) {
  const own = page.viewportSize();
  const resize = !options.asShown && own !== null && own.width !== PHONE_VIEWPORT.width;
  if (resize) await page.setViewportSize(PHONE_VIEWPORT);
  try {
    let problems = await seriousViolations(page);
    // A notice that arrived while axe ran was still fading in: look once more when it has settled.
    if (problems.length > 0) problems = await seriousViolations(page);
    expect.soft(problems, `accessibility of ${label}`).toEqual([]);
  } finally {
    if (resize && own) await page.setViewportSize(own);
  }
}

/**
 * A staff user signs in through the API (password, then the PIN from the outbox): a verified
 * session's token. `user` defaults to the demo super-admin (README "Back office").
 */
export async function staffToken(
  page: Page,
  user: { email: string; password: string } = { email: 'admin@benefitfinder.co.za', password: 'Admin#Demo2026' },
): Promise<string> {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'x-xsrf-token': xsrf };
  const login = await page.request.post('/api/v1/admin-sessions/login', { headers, data: user });
  expect(login.status()).toBe(200);
  const { apiToken } = await login.json();
  const otp = await readOtp(page, user.email);
  const verified = await page.request.post('/api/v1/admin-sessions/otp/verify', {
    headers: { ...headers, authorization: `Bearer ${apiToken}` },
    data: { otp },
  });
  expect(verified.status()).toBe(200);
  return apiToken;
}

/**
 * Staff meet a claim's approval checks behind the screens (issue 36 item 1), as a reviewer does on
 * the claim page: every process step before the decision passed, every document accepted, the bank
 * match run (the sandbox passes accounts ending 0 to 3). `headers`: a staff user's token and XSRF
 * header (a user with claims.read and claims.review).
 */
export async function meetApprovalChecks(
  page: Page,
  claim: { claimId: number; benefitId: number },
  headers: Record<string, string>,
): Promise<void> {
  const read = await page.request.get(`/api/v1/benefits/claim/${claim.claimId}`, { headers });
  expect(read.status()).toBe(200);
  const { processSteps, documents } = await read.json();
  for (const step of processSteps as { id: number; kind: string; status: string }[]) {
    if (['fund-administrator-approval', 'payment'].includes(step.kind) || step.status === 'passed') continue;
    const logged = await page.request.post(`/api/v1/benefits/${claim.benefitId}`, {
      headers,
      data: { stepId: step.id, status: 'passed' },
    });
    expect(logged.status()).toBe(200);
  }
  for (const document of documents as { id: number; state: string }[]) {
    if (document.state === 'accepted') continue;
    const reviewed = await page.request.post(
      `/api/v1/benefits/claim/${claim.claimId}/documents/${document.id}/review`,
      {
        headers,
        data: { state: 'accepted' },
      },
    );
    expect(reviewed.status()).toBe(200);
  }
  const match = await page.request.get(`/api/v1/benefits/${claim.benefitId}/bank/match`, { headers });
  expect((await match.json()).status).toBe('passed');
}
