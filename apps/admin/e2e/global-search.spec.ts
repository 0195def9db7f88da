import { expect, type Page, test } from '@playwright/test';
import { claimStepsThroughFees, declareAndSubmit, memberViaApi } from '../../web/e2e/support';
import { expectAccessibleHere, readPasswordLink, signInDemoAdmin, signInThroughScreens, staffPage } from './support';
import { staffApi } from './work-data';

/**
 * Issue 38 item 2: the global search in the back office's header. The demo admin finds a person by
 * ID number and a claim by number with the keyboard (`/` or Ctrl+K, type, arrows, Enter) and by
 * clicking, and reaches each record's page; a user whose role lacks `persons.read` finds claims
 * but never persons.
 */
test.describe.configure({ mode: 'serial' });

/** The search dialog of a page, opened from the keyboard. */
function searchDialog(page: Page) {
  return page.getByRole('dialog');
}

/** Opens the global search with `shortcut` (no field has the focus) and types `term` into it. */
async function searchFor(page: Page, shortcut: string, term: string) {
  await page.keyboard.press(shortcut);
  const field = searchDialog(page).getByRole('textbox', { name: 'Search', exact: true });
  await expect(field).toBeFocused();
  await page.keyboard.type(term);
}

/**
 * A staff user holding only `permissions` (a role made for them), created by the admin as an admin
 * would (role, invitation, then the emailed link's token to set the password through the API).
 */
async function staffUserWith(admin: Page, email: string, password: string, permissions: string[]) {
  const call = await staffApi(admin);
  const role = await call<{ id: number }>('POST', 'roles', {
    name: `Claims clerk ${Date.now()}`,
    description: 'Reads claims, not persons',
    permissions,
  });
  await call('POST', 'users', { email, name: 'Claims Clerk', roleIds: [role.id] });
  const link = await readPasswordLink(admin, email);
  const xsrf = (await admin.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const set = await admin.request.post('/api/v1/admin-sessions/reset-password', {
    headers: { 'x-xsrf-token': xsrf },
    data: { token: link.split('/').pop(), password, passwordConfirmation: password },
  });
  expect(set.ok(), await set.text()).toBe(true);
}

/**
 * A member of the generated demo file (seed 2026, row 1415: one withdrawal benefit) that no other
 * journey uses: her submitted claim is the one searched for by number.
 */
const AMBER = { idNumber: '5812270558086', phone: '+27789399985', email: 'amber.ziemann@example.co.za' };

let claim: { id: number };
let person: { idNumber: string; firstName: string; lastName: string };

test('the demo admin finds a person by ID number and a claim by number, and opens each', async ({ browser }) => {
  const admin = await staffPage(browser);
  await signInDemoAdmin(admin);
  const call = await staffApi(admin);
  const benefits = await call<{ items: { id: number }[] }>('GET', 'benefits?pageSize=1');
  person = await call('GET', `benefits/${benefits.items[0]?.id}/person`);

  // The header's search box names its shortcuts.
  await expect(admin.getByRole('button', { name: /^Search persons, claims, invoices and uploads/ })).toBeVisible();

  await searchFor(admin, '/', person.idNumber);
  const dialog = searchDialog(admin);
  await expect(dialog.getByRole('heading', { name: 'Persons', exact: true })).toBeVisible();
  const masked = `*********${person.idNumber.slice(-4)}`;
  await expect(dialog.getByText(`${person.firstName} ${person.lastName}`).first()).toBeVisible();
  await expect(dialog.getByText(masked).first()).toBeVisible();
  // Never the full ID number on screen (only in the field where it was typed).
  await expect(dialog.getByText(person.idNumber)).toHaveCount(0);
  await expectAccessibleHere(admin, 'the global search results');
  await admin.keyboard.press('ArrowDown');
  await admin.keyboard.press('Enter');
  await expect(admin).toHaveURL(/\/admin\/persons\/\d+$/);
  await expect(admin.getByRole('heading', { name: `${person.firstName} ${person.lastName}`, level: 1 })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // A claim to find: the member submits one in the app.
  const phone = await staffPage(browser);
  await phone.goto('/main');
  await memberViaApi(phone, AMBER, { verifyPin: true, passIdentity: true });
  await phone.goto('/benefits');
  await claimStepsThroughFees(phone, '62123457310');
  await declareAndSubmit(phone);
  await expect(phone.getByLabel('Claim timeline')).toContainText('Submitted');
  await phone.context().close();
  const claims = await call<{ items: { id: number }[] }>('GET', `benefits/claims?q=${AMBER.idNumber}`);
  claim = claims.items[0] as { id: number };
  expect(claim, "the member's submitted claim").toBeDefined();
  await searchFor(admin, 'Control+k', `Claim ${claim.id}`);
  await expect(searchDialog(admin).getByRole('heading', { name: 'Claims', exact: true })).toBeVisible();
  await searchDialog(admin)
    .getByRole('button', { name: new RegExp(`^Claim ${claim.id}\\b`) })
    .click();
  await expect(admin).toHaveURL(new RegExp(`/admin/claims/${claim.id}$`));
  await expect(admin.getByRole('heading', { name: new RegExp(`^Claim ${claim.id}:`), level: 1 })).toBeVisible();

  // The shortcut does nothing while another field is being typed in.
  await admin.goto('/admin/persons');
  const listSearch = admin.getByRole('textbox').first();
  await listSearch.click();
  await admin.keyboard.type('a/b');
  await expect(listSearch).toHaveValue('a/b');
  await expect(searchDialog(admin)).toHaveCount(0);
  await admin.context().close();
});

test('a user without persons.read finds claims but no persons', async ({ browser }) => {
  const admin = await staffPage(browser);
  await signInDemoAdmin(admin);
  const email = `clerk.${Date.now()}@benefitfinder.co.za`;
  await staffUserWith(admin, email, 'Clerk#Search2026', ['benefits.read', 'claims.read']);
  await admin.context().close();

  const clerk = await staffPage(browser);
  await signInThroughScreens(clerk, email, 'Clerk#Search2026');
  await searchFor(clerk, '/', String(claim.id));
  const dialog = searchDialog(clerk);
  await expect(dialog.getByRole('heading', { name: 'Claims', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: new RegExp(`^Claim ${claim.id}\\b`) })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Persons', exact: true })).toHaveCount(0);

  await clerk.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await searchFor(clerk, '/', person.idNumber);
  await expect(dialog.getByText(/^Nothing found for/)).toBeVisible();
  await expect(dialog.getByText(`${person.firstName} ${person.lastName}`)).toHaveCount(0);
  await expectAccessibleHere(clerk, 'the global search without persons');
});
