/**
 * Stitch's `BankAccountVerificationBankIdInput` value of each bank the product lists
 * (`SOUTH_AFRICAN_BANKS` in @bcp/contract), keyed by universal branch code (decision 056). Old
 * Mutual Bank publishes Bidvest Bank's code 462005 and is verified as Bidvest.
 */
export const STITCH_BANK_IDS: Readonly<Record<string, string>> = {
  '632005': 'absa',
  '410506': 'za_access_bank',
  '430000': 'african_bank',
  '888000': 'za_bank_zero',
  '462005': 'za_bidvest',
  '470010': 'capitec',
  '679000': 'discovery_bank',
  '250655': 'fnb',
  '580105': 'investec',
  '198765': 'nedbank',
  '683000': 'sasfin_bank',
  '051001': 'standard_bank',
  '678910': 'tymebank',
};

/** Stitch's bank id of a universal branch code; undefined for a bank Stitch does not list. */
export function stitchBankId(branchCode: string): string | undefined {
  return Object.hasOwn(STITCH_BANK_IDS, branchCode) ? STITCH_BANK_IDS[branchCode] : undefined;
}
