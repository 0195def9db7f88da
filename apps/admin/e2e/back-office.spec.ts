import { PERMISSION_DESCRIPTIONS } from '@bcp/contract';
import { expect, type Page, test } from '@playwright/test';
import {
  DEMO_STAFF,
  expectAccessibleHere,
  expectTableCellsFormatted,
  navigationLinks,
  readPasswordLink,
  signInAs,
  signInThroughScreens,
  staffPage,
} from './support';

// Issue 19 "Done when": staff drive each screen as they would. The demo admin signs in once (a
// PIN per minute per address is the server's rule) and the screens share that session.
test.describe.configure({ mode: 'serial' });

let admin: Page;
const suffix = Date.now().toString(36);

test.beforeAll(async ({ browser }) => {
  admin = await staffPage(browser);
});
test.afterAll(async () => admin.context().close());

test('the demo admin signs in with email, password and the PIN from the outbox', async () => {
  await signInThroughScreens(admin, DEMO_STAFF.admin.email, DEMO_STAFF.admin.password, true);
  await expect(admin.getByText('Waiting over 5 working days')).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Benefits found and claimed per fund' })).toBeVisible();
  await expectAccessibleHere(admin, 'the dashboard');
  await expectTableCellsFormatted(admin, 'the dashboard');
  const links = await navigationLinks(admin);
  expect(links).toEqual(
    expect.arrayContaining(['Dashboard', 'Tasks', 'Funds', 'Users', 'Roles', 'Partners', 'Templates']),
  );
});

test('creates and edits a fund with a fee, and sees the payout preview', async () => {
  await admin.getByRole('link', { name: 'Funds' }).click();
  await expect(admin.getByRole('heading', { name: 'Funds', level: 1 })).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'Demo Retirement Fund', exact: true })).toBeVisible();
  await expectAccessibleHere(admin, 'the funds list');
  await expectTableCellsFormatted(admin, 'the funds list');

  await admin.getByRole('button', { name: 'New fund' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New fund' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Playwright Provident Fund ${suffix}`);
  await dialog.getByRole('textbox', { name: 'Registration number' }).fill('bad number!');
  await dialog.getByRole('button', { name: 'Create fund' }).click();
  await expect(dialog.getByText('Use the FSCA registration number, e.g. 12/8/12345.')).toBeVisible();
  await expectAccessibleHere(admin, 'the new fund form with an error');
  await dialog.getByRole('textbox', { name: 'Registration number' }).fill(`12/8/9${Date.now() % 100000}`);
  await dialog.getByRole('combobox', { name: 'Tags' }).fill('provident');
  await dialog.getByRole('combobox', { name: 'Tags' }).press('Enter');
  await dialog.getByRole('button', { name: 'Create fund' }).click();
  await expect(admin.getByRole('heading', { name: `Playwright Provident Fund ${suffix}`, level: 1 })).toBeVisible();

  await admin.getByRole('button', { name: 'Edit fund' }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit fund' });
  await edit.getByRole('textbox', { name: 'Contact name' }).fill('Thandi Contact');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Thandi Contact')).toBeVisible();
  await expectAccessibleHere(admin, 'the fund page');
  await expectTableCellsFormatted(admin, 'the fund page');

  await admin.getByRole('tab', { name: 'Fees' }).click();
  await expect(admin.getByText('No fees: members are paid the whole benefit.')).toBeVisible();
  await admin.getByRole('button', { name: 'Add fee' }).click();
  const fee = admin.getByRole('dialog', { name: 'New fee' });
  await fee.getByRole('textbox', { name: 'Name', exact: true }).fill('Tracing fee');
  await fee.getByRole('textbox', { name: 'Rate (%)' }).fill('2.5');
  await expectAccessibleHere(admin, 'the fee form');
  await fee.getByRole('button', { name: 'Add fee' }).click();
  await expect(admin.getByRole('cell', { name: 'Tracing fee', exact: true })).toBeVisible();
  await expect(admin.getByRole('cell', { name: '2.5%', exact: true })).toBeVisible();

  // README: a 2.5% fee plus VAT on Zanele's R3,450.00 pays out R3,350.81.
  await admin.getByRole('textbox', { name: 'Benefit amount (R)' }).fill('3450.00');
  await expect(admin.getByTestId('net-amount')).toHaveText(/R\s?3\s?350,81/);
  await expectAccessibleHere(admin, 'the fees and payout preview');
  await expectTableCellsFormatted(admin, 'the fees and payout preview');

  await admin.getByRole('tab', { name: 'Process steps' }).click();
  await expect(admin.getByText('This fund uses the default checklist.')).toBeVisible();
  await expectAccessibleHere(admin, 'the process steps');
  await expectTableCellsFormatted(admin, 'the process steps');
  await admin.getByRole('tab', { name: 'Audit trail' }).click();
  await expect(admin.getByRole('cell', { name: /changed fund “Playwright Provident Fund / }).first()).toBeVisible();
  await expectAccessibleHere(admin, 'the fund audit trail');
  await expectTableCellsFormatted(admin, 'the fund audit trail');
});

test('creates a partner API key and sees it only once', async () => {
  await admin.getByRole('link', { name: 'Partners' }).click();
  await expect(admin.getByRole('heading', { name: 'Partners', level: 1 })).toBeVisible();
  await admin.getByRole('button', { name: 'New partner' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New partner' });
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`Playwright Administrators ${suffix}`);
  await expectAccessibleHere(admin, 'the new partner form');
  await dialog.getByRole('button', { name: 'Create partner' }).click();
  await expect(admin.getByRole('heading', { name: `Playwright Administrators ${suffix}`, level: 1 })).toBeVisible();

  await admin.getByRole('textbox', { name: 'New key name' }).fill('Production');
  await admin.getByRole('button', { name: 'Create API key' }).click();
  const shown = admin.getByRole('dialog', { name: 'API key Production' });
  await expect(shown.getByText('Copy this key now: it is shown only once and cannot be recovered.')).toBeVisible();
  const key = (await shown.getByTestId('new-api-key').innerText()).trim();
  expect(key).toMatch(/^bcp_pk_[A-Za-z0-9_-]{20,}$/);
  await expect(shown.getByRole('button', { name: 'Copy key' })).toBeVisible();
  await expectAccessibleHere(admin, 'the new API key');
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();
  await expect(admin.getByRole('cell', { name: 'Production', exact: true })).toBeVisible();
  expect(await admin.locator('body').innerText()).not.toContain(key);
  await admin.reload();
  await expect(admin.getByRole('cell', { name: 'Production', exact: true })).toBeVisible();
  expect(await admin.locator('body').innerText()).not.toContain(key);
  await expectAccessibleHere(admin, 'the partner page');
  await expectTableCellsFormatted(admin, 'the partner page');

  await admin.getByRole('button', { name: 'Rotate Production' }).click();
  const rotated = admin.getByRole('dialog', { name: 'API key Production' });
  const replacement = (await rotated.getByTestId('new-api-key').innerText()).trim();
  expect(replacement).not.toBe(key);
  await rotated.getByRole('button', { name: 'I have copied it' }).click();
  await expect(admin.getByRole('cell', { name: 'revoked', exact: true })).toBeVisible();
});

test('edits a template and sees the server preview', async () => {
  await admin.getByRole('link', { name: 'Templates' }).click();
  await expect(admin.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
  await expectAccessibleHere(admin, 'the templates list');
  await expectTableCellsFormatted(admin, 'the templates list');
  await admin.getByRole('button', { name: 'New template' }).click();
  await admin.getByRole('textbox', { name: 'Name', exact: true }).fill(`Claim reminder ${suffix}`);
  await admin.getByRole('textbox', { name: 'Subject' }).fill('Hello {{ person.firstName }}');
  await admin
    .getByRole('textbox', { name: 'Body (Liquid)' })
    .fill('<p>{{ fund.name }} owes you {{ benefit.amount }}.</p>{% if');
  await expect(admin.getByTestId('preview-problem')).toContainText('Line 1, column');
  await admin
    .getByRole('textbox', { name: 'Body (Liquid)' })
    .fill('<p>{{ fund.name }} owes you {{ benefit.amount }}.</p>');
  const preview = admin.getByTestId('template-preview');
  await expect(preview).toContainText('Subject: Hello Zanele');
  await expect(preview).toContainText(/Demo Retirement Fund owes you R\s?3\s?450,00\./);
  await expectAccessibleHere(admin, 'the template editor');
  await admin.getByRole('button', { name: 'Save template' }).click();
  await expect(admin.getByRole('heading', { name: `Claim reminder ${suffix}`, level: 1 })).toBeVisible();
  await admin.getByRole('textbox', { name: 'Body (Liquid)' }).fill('<p>Now {{ person.lastName }}</p>');
  await expect(preview).toContainText('Now Sample');
  await admin.getByRole('button', { name: 'Save template' }).click();
  await expect(admin.getByText('Template saved.').last()).toBeVisible();
});

test('invites a user, who sets a password from the emailed link and signs in', async ({ browser }) => {
  const email = `new.staff.${suffix}@benefitfinder.co.za`;
  await admin.getByRole('link', { name: 'Users' }).click();
  await expect(admin.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expectAccessibleHere(admin, 'the users list');
  await expectTableCellsFormatted(admin, 'the users list');
  await admin.getByRole('button', { name: 'Invite user' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Invite a user' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('New Staff');
  await dialog.getByRole('combobox', { name: 'Roles' }).click();
  await admin.getByRole('option', { name: 'reviewer' }).click();
  // Clicking elsewhere closes the roles' dropdown, as a person would.
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).click();
  await expectAccessibleHere(admin, 'the invitation form');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(admin.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(admin.getByRole('cell', { name: email, exact: true })).toBeVisible();

  const invited = await staffPage(browser);
  const link = await readPasswordLink(invited, email);
  await invited.goto(link);
  await expect(invited.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await invited.getByLabel(/^New password(?! again)/).fill('Winter@Rain2027');
  await invited.getByLabel('New password again').fill('Winter@Rain2026');
  await invited.getByRole('button', { name: 'Set password' }).click();
  await expect(invited.getByText('Passwords do not match.')).toBeVisible();
  await expectAccessibleHere(invited, 'the set-password page');
  await invited.getByLabel('New password again').fill('Winter@Rain2027');
  await invited.getByRole('button', { name: 'Set password' }).click();
  await expect(invited.getByText('Your password was set. Sign in with your new password.')).toBeVisible();
  await signInThroughScreens(invited, email, 'Winter@Rain2027');
  await expect(invited.getByRole('banner')).toContainText('New Staff');
  // The used link does not work twice.
  await invited.goto(link);
  await expect(invited.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await invited.context().close();
});

test('a reviewer lacks the set-up menus and gets the no-access page by URL', async ({ browser }) => {
  const reviewer = await staffPage(browser);
  await signInAs(reviewer, DEMO_STAFF.reviewer);
  const links = await navigationLinks(reviewer);
  expect(links).toEqual(['Dashboard', 'Tasks', 'Audit log', 'Users']);
  await expectAccessibleHere(reviewer, "the reviewer's dashboard");
  for (const path of ['/admin/set-up/funds', '/admin/set-up/partners/1', '/admin/set-up/templates/new']) {
    await reviewer.goto(path);
    await expect(reviewer.getByRole('heading', { name: 'You do not have access', level: 1 })).toBeVisible();
  }
  await expectAccessibleHere(reviewer, 'the no-access page');
  await reviewer.context().close();
});

test('the other set-up screens: roles matrix, FAQs with preview, reference data and tasks', async () => {
  await admin.getByRole('link', { name: 'Roles' }).click();
  await expect(admin.getByRole('heading', { name: 'Roles and permissions', level: 1 })).toBeVisible();
  await expect(
    admin.getByRole('checkbox', { name: `super-admin: ${PERMISSION_DESCRIPTIONS['funds.write']}` }),
  ).toBeChecked();
  await expect(
    admin.getByRole('checkbox', { name: `super-admin: ${PERMISSION_DESCRIPTIONS['funds.write']}` }),
  ).toBeDisabled();
  await expect(
    admin.getByRole('checkbox', { name: `reviewer: ${PERMISSION_DESCRIPTIONS['tasks.read']}` }),
  ).toBeChecked();
  await expect(
    admin.getByRole('checkbox', { name: `reviewer: ${PERMISSION_DESCRIPTIONS['funds.read']}` }),
  ).not.toBeChecked();
  // Each permission in words, its code under it as secondary text.
  const fundsWrite = admin.getByRole('rowheader', { name: PERMISSION_DESCRIPTIONS['funds.write'] });
  await expect(fundsWrite).toBeVisible();
  await expect(fundsWrite.locator('code')).toHaveText('funds.write');
  await expectAccessibleHere(admin, 'the roles matrix');
  await expectTableCellsFormatted(admin, 'the roles matrix');

  await admin.getByRole('link', { name: 'FAQs' }).click();
  await expect(admin.getByRole('heading', { name: 'FAQs', level: 1 })).toBeVisible();
  await expectAccessibleHere(admin, 'the FAQs list');
  await expectTableCellsFormatted(admin, 'the FAQs list');
  await admin.getByRole('button', { name: 'New FAQ' }).click();
  const faq = admin.getByRole('dialog', { name: 'New FAQ' });
  await faq.getByRole('textbox', { name: 'Question' }).fill('Who pays my benefit?');
  await faq.getByRole('textbox', { name: /^Answer/ }).fill('<p>{{ fund.name }} pays {{ person.firstName }}.</p>');
  await expect(faq.getByTestId('template-preview')).toContainText('Demo Retirement Fund pays Zanele.');
  await expectAccessibleHere(admin, 'the FAQ form with its preview');
  await faq.getByRole('button', { name: 'Save FAQ' }).click();
  await expect(admin.getByRole('cell', { name: 'Who pays my benefit?', exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'History of Who pays my benefit?' }).click();
  const history = admin.getByRole('dialog', { name: 'History of Who pays my benefit?' });
  await expect(
    history.getByRole('cell', { name: 'Demo Admin created FAQ “Who pays my benefit?”', exact: true }),
  ).toBeVisible();
  await expectAccessibleHere(admin, 'the history of an FAQ');
  await expectTableCellsFormatted(admin, 'the history of an FAQ');
  await history.getByRole('button', { name: 'Close' }).click();

  for (const [link, heading, cell] of [
    ['Fund types', 'Fund types', 'Pension fund'],
    ['Banks', 'Banks', 'Capitec Bank'],
    ['Account types', 'Account types', 'SAVINGS'],
  ] as const) {
    await admin.getByRole('link', { name: link }).click();
    await expect(admin.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(admin.getByRole('cell', { name: cell, exact: true }).first()).toBeVisible();
    await expectAccessibleHere(admin, `the ${heading.toLowerCase()} list`);
    await expectTableCellsFormatted(admin, `the ${heading.toLowerCase()} list`);
  }
  await admin.getByRole('link', { name: 'Historic accounts' }).click();
  await expect(admin.getByRole('heading', { name: 'Historic accounts', level: 1 })).toBeVisible();
  await expectAccessibleHere(admin, 'the historic accounts');
  await expectTableCellsFormatted(admin, 'the historic accounts');

  await admin.getByRole('link', { name: 'Tasks' }).click();
  await expect(admin.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await admin.getByText('Everyone’s', { exact: true }).click();
  await expect(admin.getByRole('radio', { name: 'Everyone’s' })).toBeChecked();
  await expectAccessibleHere(admin, 'the tasks');
  await expectTableCellsFormatted(admin, 'the tasks');
});

test('a session that ended goes back to sign-in, saying so', async () => {
  const token = await admin.evaluate(() => JSON.parse(localStorage.getItem('adminSession') ?? '{}').state?.apiToken);
  const xsrf = (await admin.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const logout = await admin.request.delete('/api/v1/admin-sessions/logout', {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
  });
  expect(logout.status()).toBe(200);
  await admin.getByRole('link', { name: 'Funds' }).click();
  await expect(admin.getByText('Your session ended. Please sign in again.')).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/sign-in\?ended=1$/);
});
