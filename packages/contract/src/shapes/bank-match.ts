import { z } from 'zod';
import { zQueryBoolean } from './lists.js';

/**
 * Bank account verification (AVS) of a claim's account against the person (spec 7
 * `GET /api/v1/benefits/{id}/bank/match`; issue 18). The result is kept on the claim and shown in
 * the review; a claim whose match failed is approved only with a reviewer's override reason.
 */

/** The checks of an account verification, in the order they are shown. */
export const BANK_MATCH_CHECKS = [
  'accountExists',
  'accountOpen',
  'idNumberMatches',
  'initialsMatch',
  'surnameMatches',
  'acceptsCredits',
  'openAtLeastThreeMonths',
] as const;
export type BankMatchCheck = (typeof BANK_MATCH_CHECKS)[number];

/** What a reviewer reads for each check that did not pass. */
export const BANK_MATCH_MESSAGES = {
  accountExists: 'The account does not exist.',
  accountOpen: 'The account is not open.',
  idNumberMatches: "The account holder's ID number does not match the member's.",
  initialsMatch: "The account holder's initials do not match the member's.",
  surnameMatches: "The account holder's surname does not match the member's.",
  acceptsCredits: 'The account does not accept credits.',
  openAtLeastThreeMonths: 'The account has been open for less than 3 months.',
  noBankAccount: 'This claim has no bank account yet.',
} as const;

/** `GET benefits/{id}/bank/match` query: `refresh=true` verifies again even when a result is kept. */
export const BankMatchQuery = z.object({ refresh: zQueryBoolean().optional() });

/** One account verification as kept on the claim. */
export const BankMatchResponse = z
  .object({
    claimId: z.number().int(),
    /** `passed` only when every check passed. */
    status: z.enum(['passed', 'failed']),
    provider: z.string(),
    /** The provider's reference of the verification. */
    reference: z.string(),
    bankAccountId: z.number().int(),
    /** `******7890` */
    accountNumberMasked: z.string(),
    checkedAt: z.iso.datetime(),
    /** Each check: true passed, false failed, null not answered. */
    checks: z.record(z.enum(BANK_MATCH_CHECKS), z.boolean().nullable()),
    /** The messages of the checks that did not pass. */
    failures: z.array(z.string()),
    /** A reviewer approved despite the failure. */
    override: z.object({ reason: z.string(), byUserId: z.number().int().nullable(), at: z.iso.datetime() }).nullable(),
  })
  .meta({ id: 'BankMatchResponse' });
export type BankMatchResponse = z.infer<typeof BankMatchResponse>;
