/**
 * South African banks and their universal branch codes (issue 4 "Bank account"): the reference list
 * the server syncs into its `banks` table at start. Codes as published by each bank.
 */
export const SOUTH_AFRICAN_BANKS = [
  { name: 'Absa Bank', universalBranchCode: '632005' },
  { name: 'Access Bank', universalBranchCode: '410506' },
  { name: 'African Bank', universalBranchCode: '430000' },
  { name: 'Bank Zero', universalBranchCode: '888000' },
  { name: 'Bidvest Bank', universalBranchCode: '462005' },
  { name: 'Capitec Bank', universalBranchCode: '470010' },
  { name: 'Discovery Bank', universalBranchCode: '679000' },
  { name: 'First National Bank (FNB)', universalBranchCode: '250655' },
  { name: 'Investec Bank', universalBranchCode: '580105' },
  { name: 'Nedbank', universalBranchCode: '198765' },
  { name: 'Old Mutual Bank', universalBranchCode: '462005' },
  { name: 'Sasfin Bank', universalBranchCode: '683000' },
  { name: 'Standard Bank', universalBranchCode: '051001' },
  { name: 'TymeBank', universalBranchCode: '678910' },
] as const;

/** Bank account types a benefit can be paid into, with what members read. */
export const BANK_ACCOUNT_TYPES = ['CHEQUE', 'SAVINGS', 'TRANSMISSION'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
export const BANK_ACCOUNT_TYPE_LABELS: Record<BankAccountType, string> = {
  CHEQUE: 'Cheque / current account',
  SAVINGS: 'Savings account',
  TRANSMISSION: 'Transmission account',
};

/** Account numbers are 7 to 11 digits (spaces allowed when typed). */
export const ACCOUNT_NUMBER_LENGTH = { min: 7, max: 11 } as const;

/** `1234567890` -> `******7890`: what every response shows except the owner's edit form. */
export function maskAccountNumber(last4: string): string {
  return `******${last4}`;
}
