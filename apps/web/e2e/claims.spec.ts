import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  DEMO,
  expectAccessible,
  fillBankAccountForm,
  passIdentityCheck,
  signUpThroughScreens,
  uploadClaimDocuments,
} from './support';

test('a member finds a benefit, claims it step by step and sees it submitted in the timeline', async ({ page }) => {
  const member = DEMO.zanele;
  await page.goto('/auth/search');
  await page.getByLabel('Your South African ID number').fill(member.idNumber);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: 'We found 1 benefit for you' })).toBeVisible();
  await signUpThroughScreens(page, member);
  await passIdentityCheck(page);

  // My benefits: the fund, the type, the amount in rand, and that it is not claimed yet.
  const card = page.getByRole('article', { name: 'Withdrawal benefit from Demo Retirement Fund' });
  await expect(card).toContainText('R 3 450,00');
  await expect(card).toContainText('Not claimed yet');
  await expect(page.getByTestId('benefit-total')).toContainText('One benefit worth R 3 450,00');
  await expectAccessible(page, 'the benefits page');
  await card.getByRole('button', { name: 'Claim this benefit' }).click();
  await expect(page).toHaveURL(/\/benefit\/steps\?benefitId=\d+$/);

  // 1. Personal details.
  await expect(page.getByRole('table', { name: 'Your details' })).toContainText('Zanele Mthembu');
  await expect(page.getByRole('table', { name: 'Your details' })).toContainText(
    `*********${member.idNumber.slice(-4)}`,
  );
  await expectAccessible(page, 'claim step 1, personal details');
  await page.getByLabel('These are my details and they are correct').check();
  await page.getByRole('button', { name: 'Confirm and continue' }).click();

  // 2. Bank account: the form checks the number; the saved account shows masked.
  await expect(page.getByRole('form', { name: 'Add a bank account' })).toBeVisible();
  await expectAccessible(page, 'claim step 2, bank account');
  await fillBankAccountForm(page, 'Capitec Bank (470010)', '12 34');
  const form = page.getByRole('form', { name: 'Add a bank account' });
  await expect(form.getByText('Enter the account number: 7 to 11 digits.')).toBeVisible();
  await expectAccessible(page, 'claim step 2 with an error');
  await form.getByLabel('Account number').fill('1234 567 890');
  await expect(form.getByLabel("Account holder's name")).toHaveValue('Zanele Mthembu');
  await form.getByRole('button', { name: 'Save bank account' }).click();
  await expect(page.getByRole('radio', { name: 'Capitec Bank ******7890' })).toBeChecked();
  await expectAccessible(page, 'claim step 2, the saved account');
  await page.getByRole('button', { name: 'Use this account and continue' }).click();

  // 3. Documents, each with a progress bar while it uploads.
  await expect(page.getByRole('button', { name: 'Upload copy of your ID', exact: true })).toBeVisible();
  await expectAccessible(page, 'claim step 3, documents');
  await uploadClaimDocuments(page);

  // 4. Fees and payout: the demo fund's tracing fee (issue 8), 2.5% of R3,450.00 = R86.25, plus
  // 15% VAT = R12.94 (half up), so the member receives R3,450.00 - R99.19 = R3,350.81.
  const fees = page.getByRole('table', { name: 'Fees and payout' });
  await expect(fees).toContainText('Tracing fee');
  // en-ZA writes 2.5 as "2,5" in ICU's current data; either is right.
  await expect(fees).toContainText(/2[.,]5% of the amount: R\s86,25 \+ VAT R\s12,94/);
  await expect(fees).toContainText('- R 99,19');
  await expect(page.getByTestId('net-payout')).toHaveText('R 3 350,81');
  await expectAccessible(page, 'claim step 4, fees');
  await page.getByLabel('I understand and accept these fees').check();
  await page.getByRole('button', { name: 'Accept and continue' }).click();

  // 5. Declaration, 6. Submit.
  await expect(page.getByLabel('I make this declaration')).toBeVisible();
  await expectAccessible(page, 'claim step 5, declaration');
  await page.getByLabel('I make this declaration').check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Your claim' })).toContainText('Capitec Bank ******7890');
  await expectAccessible(page, 'claim step 6, submit');
  await page.getByRole('button', { name: 'Submit my claim' }).click();

  // The claim page: submitted, with the timeline of its moves.
  await expect(page).toHaveURL(/\/benefit\/claim-details$/);
  await expect(page.getByRole('heading', { name: 'Your claim' })).toBeVisible();
  const timeline = page.getByLabel('Claim timeline');
  await expect(timeline).toContainText('Claim started');
  await expect(timeline).toContainText('Submitted');
  await expect(timeline).toContainText('by you');
  await expectAccessible(page, 'the claim page');

  // The member's statement (issue 18): the same PDF staff see, saved as a file.
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download your statement (PDF)' }).click();
  const statement = await saving;
  expect(statement.suggestedFilename()).toMatch(/^benefit-statement-\d+\.pdf$/);
  const path = await statement.path();
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');

  // Back on the benefits page the claim's status shows.
  await page.goto('/benefits');
  await expect(page.getByRole('article', { name: 'Withdrawal benefit from Demo Retirement Fund' })).toContainText(
    'Submitted',
  );
});
