import type { FastifyBaseLogger } from 'fastify';

/** What an account verification (AVS) checks: the claim's account against the person (issue 18). */
export interface BankVerificationRequest {
  /** Universal branch code of the bank. */
  branchCode: string;
  /** Digits only: for the provider only, never for logs. */
  accountNumber: string;
  accountType: 'CHEQUE' | 'SAVINGS' | 'TRANSMISSION';
  /** Full 13-digit SA ID number of the person: for the provider only. */
  idNumber: string;
  /** Initials of the first names, upper case without dots (`TM`). */
  initials: string;
  surname: string;
}

/**
 * Each check's outcome: true (passed), false (failed) or null (the bank did not answer it). The
 * names are the usual AVS answers of South African banks.
 */
export interface BankVerificationChecks {
  accountExists: boolean | null;
  accountOpen: boolean | null;
  idNumberMatches: boolean | null;
  initialsMatch: boolean | null;
  surnameMatches: boolean | null;
  acceptsCredits: boolean | null;
  /** Open at least 3 months. */
  openAtLeastThreeMonths: boolean | null;
}

/** A provider's answer to one verification. */
export interface BankVerificationResult {
  /** The provider's reference of the verification. */
  reference: string;
  checks: BankVerificationChecks;
}

/** Message of the 503 when bank verification is not configured or the provider cannot answer. */
export const BANK_VERIFICATION_UNAVAILABLE_MESSAGE =
  'Bank account verification is not available. Please try again later.';

/**
 * A bank account verification (AVS) provider (DESIGN.md "Providers"): a built-in sandbox whose
 * outcomes follow the account number (`sandbox-provider.ts`), Stitch in production
 * (`stitch-provider.ts`, decision 056), or none (every verification answers 503).
 */
export interface BankVerificationProvider {
  readonly name: 'sandbox' | 'stitch' | 'none';
  /**
   * Verifies one account against the person.
   * @throws AppError('unavailable') when the provider cannot answer
   */
  verify(request: BankVerificationRequest): Promise<BankVerificationResult>;
}

/** Where a real provider reports failed calls (status or error code only; never an account or ID number). */
export type BankVerificationLogger = Pick<FastifyBaseLogger, 'warn'>;
