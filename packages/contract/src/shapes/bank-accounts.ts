import { z } from 'zod';
import { ACCOUNT_NUMBER_LENGTH, BANK_ACCOUNT_TYPES } from '../banks.js';
import { BANK_ACCOUNT_MESSAGES } from '../messages/bank-accounts.js';
import { zBoundedString, zRequiredString } from '../rules/zod-rules.js';
import { listResponse } from './lists.js';

/** `GET /api/app/banks` item: a South African bank with its universal branch code. */
export const BankResponse = z
  .object({ id: z.number().int(), name: z.string(), universalBranchCode: z.string() })
  .meta({ id: 'BankResponse' });
export type BankResponse = z.infer<typeof BankResponse>;

/** The banks, in the one list envelope (all on one page). */
export const BankListResponse = listResponse(BankResponse).meta({ id: 'BankListResponse' });
export type BankListResponse = z.infer<typeof BankListResponse>;

/**
 * Add or edit a bank account (`POST`/`PUT benefit-claims/person-banks`). The account number is
 * digits (spaces are removed). `otp` is needed only to change an account a submitted claim uses.
 */
export const PersonBankRequest = z
  .object({
    bankId: z.number({ error: BANK_ACCOUNT_MESSAGES.bankUnknown }).int().positive(BANK_ACCOUNT_MESSAGES.bankUnknown),
    accountType: z.enum(BANK_ACCOUNT_TYPES, { error: BANK_ACCOUNT_MESSAGES.accountType }),
    accountNumber: zRequiredString(40).transform((value, ctx) => {
      const digits = value.replace(/[\s-]/g, '');
      const pattern = new RegExp(`^\\d{${ACCOUNT_NUMBER_LENGTH.min},${ACCOUNT_NUMBER_LENGTH.max}}$`);
      if (!pattern.test(digits)) {
        ctx.addIssue({ code: 'custom', message: BANK_ACCOUNT_MESSAGES.accountNumber });
        return z.NEVER;
      }
      return digits;
    }),
    holderName: zRequiredString(200)
      .transform((value) => value.trim().replace(/\s+/g, ' '))
      .pipe(z.string().min(2, BANK_ACCOUNT_MESSAGES.holderName).max(100, BANK_ACCOUNT_MESSAGES.holderName)),
    otp: zBoundedString(20)
      .regex(/^\d{6}$/, 'Enter the 6 digits of your PIN.')
      .optional(),
  })
  .meta({ id: 'PersonBankRequest' });
export type PersonBankRequest = z.input<typeof PersonBankRequest>;

/** A member's bank account as every list and claim shows it: the number masked. */
export const PersonBankResponse = z
  .object({
    id: z.number().int(),
    bank: BankResponse,
    accountType: z.enum(BANK_ACCOUNT_TYPES),
    /** `******7890` */
    accountNumberMasked: z.string(),
    holderName: z.string(),
    /** A submitted, not yet finished claim pays into it: changing it needs a PIN. */
    usedBySubmittedClaim: z.boolean(),
  })
  .meta({ id: 'PersonBankResponse' });
export type PersonBankResponse = z.infer<typeof PersonBankResponse>;

/** The owner's edit form (`GET benefit-claims/person-banks/{id}`): the one place with the full number. */
export const PersonBankDetailResponse = PersonBankResponse.extend({ accountNumber: z.string() }).meta({
  id: 'PersonBankDetailResponse',
});
export type PersonBankDetailResponse = z.infer<typeof PersonBankDetailResponse>;

/** The member's bank accounts, in the one list envelope (all on one page). */
export const PersonBankListResponse = listResponse(PersonBankResponse).meta({ id: 'PersonBankListResponse' });
export type PersonBankListResponse = z.infer<typeof PersonBankListResponse>;
