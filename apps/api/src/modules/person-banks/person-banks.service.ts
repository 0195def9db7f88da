import type { PersonBankRequest as PersonBankRequestSchema } from '@bcp/contract';
import {
  BANK_ACCOUNT_MESSAGES,
  type BankResponse,
  maskAccountNumber,
  type OtpSentResponse,
  type PersonBankDetailResponse,
  type PersonBankResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@bcp/contract';
import type { z } from 'zod';
import type { RiskConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { decryptField, encryptField } from '../../platform/crypto/field-encryption.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { Messenger } from '../../platform/messaging/messenger.js';
import { issueOtp, verifyOtp } from '../../platform/otp/otp.service.js';
import { renderMessage } from '../../platform/templating/render-message.js';
import { accountsInProgress, accountsUsedByClaims } from '../../queries/claims-of-accounts.js';
import { findActiveBank, findBanksByIds } from '../banks/index.js';
import { findPersonUserById, findPersonUserProfile, twoFactorDestination } from '../person-users/index.js';
import { claimsOfAccounts } from './account-claims.js';
import {
  type AccountRow,
  countAccountsOfType,
  deleteAccounts,
  insertAccount,
  markAccountRemoved,
  markAllAccountsRemoved,
  selectAccount,
  selectAccountIdsOfPersonUser,
  selectOwnAccount,
  selectOwnAccounts,
  updateAccount,
} from './person-banks.repository.js';

export interface PersonBankDependencies {
  db: Database;
  messenger: Messenger;
  /** APP_SECRET: encrypts account numbers and hashes PINs. */
  secret: string;
  /** The thresholds of the claims' risk signals, evaluated again when an account changes (issue 36 item 3). */
  risk: RiskConfig;
}

/** A bank account request after validation (digits only, trimmed name). */
export type PersonBankInput = z.output<typeof PersonBankRequestSchema>;

type BankRow = BankResponse;

/** Each account with its bank (active or not); an account whose bank is missing is left out. */
async function withBanks(db: Database, accounts: AccountRow[]): Promise<{ account: AccountRow; bank: BankRow }[]> {
  const banks = new Map(
    (await findBanksByIds(db, [...new Set(accounts.map((account) => account.bankId))])).map((bank) => [bank.id, bank]),
  );
  return accounts.flatMap((account) => {
    const bank = banks.get(account.bankId);
    return bank ? [{ account, bank }] : [];
  });
}

function toPersonBankResponse(account: AccountRow, bank: BankRow, inProgress: boolean): PersonBankResponse {
  return {
    id: account.id,
    bank,
    accountType: account.accountType,
    accountNumberMasked: maskAccountNumber(account.accountNumberLast4),
    holderName: account.holderName,
    usedBySubmittedClaim: inProgress,
  };
}

/**
 * The member's bank accounts (`GET benefit-claims/person-banks`), numbers masked, oldest first;
 * removed ones left out.
 */
export async function listPersonBanks(db: Database, personUserId: number): Promise<PersonBankResponse[]> {
  const rows = await withBanks(db, await selectOwnAccounts(db, personUserId));
  const inProgress = await accountsInProgress(
    db,
    rows.map((row) => row.account.id),
  );
  return rows.map((row) => toPersonBankResponse(row.account, row.bank, inProgress.has(row.account.id)));
}

/** One of the member's accounts; another member's (or a removed one) is 404. */
async function findOwnAccount(db: Database, personUserId: number, accountId: number) {
  const account = await selectOwnAccount(db, personUserId, accountId);
  const [row] = account ? await withBanks(db, [account]) : [];
  if (!row)
    throw new AppError('not_found', BANK_ACCOUNT_MESSAGES.notFound, undefined, { code: 'bank_account_not_found' });
  return row;
}

/**
 * The account a claim pays into, as the claim shows it (masked), even after the member removed it
 * from their list (a paid claim still names it); `null` when there is no such account.
 */
export async function findClaimBankAccount(db: Database, accountId: number): Promise<PersonBankResponse | null> {
  const account = await selectAccount(db, accountId);
  const [row] = account ? await withBanks(db, [account]) : [];
  if (!row) return null;
  const inProgress = await accountsInProgress(db, [row.account.id]);
  return toPersonBankResponse(row.account, row.bank, inProgress.has(row.account.id));
}

/**
 * One of the member's accounts as a claim shows it (masked).
 * @throws AppError `not_found` (404) when it is not theirs
 */
export async function findPersonBank(
  db: Database,
  personUserId: number,
  accountId: number,
): Promise<PersonBankResponse> {
  const { account, bank } = await findOwnAccount(db, personUserId, accountId);
  const inProgress = await accountsInProgress(db, [account.id]);
  return toPersonBankResponse(account, bank, inProgress.has(account.id));
}

/**
 * The owner's edit form (`GET benefit-claims/person-banks/{id}`): the only answer with the full
 * account number.
 * @throws AppError `not_found` (404) when it is not theirs
 */
export async function getPersonBankForEdit(
  deps: Pick<PersonBankDependencies, 'db' | 'secret'>,
  personUserId: number,
  accountId: number,
): Promise<PersonBankDetailResponse> {
  const { account, bank } = await findOwnAccount(deps.db, personUserId, accountId);
  const inProgress = await accountsInProgress(deps.db, [account.id]);
  return {
    ...toPersonBankResponse(account, bank, inProgress.has(account.id)),
    accountNumber: decryptField(deps.secret, account.accountNumberEncrypted),
  };
}

/** Letters only, lower-case: "Van der Merwe" and "VAN DER-MERWE" compare equal. */
function letters(value: string): string {
  return value
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '');
}

/**
 * The account must be the member's own (issue 4): the holder name must include their surname.
 * Banks confirm the holder when a claim is reviewed (account verification); this catches mistakes
 * and obvious third-party accounts early.
 */
export function holderNameMatches(holderName: string, lastName: string): boolean {
  const surname = letters(lastName);
  return surname.length > 0 && letters(holderName).includes(surname);
}

/** Refuses a bank that is not in the list, and a holder name without the member's surname (422 per field). */
async function checkAccountRules(db: Database, personUserId: number, input: PersonBankInput): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (!(await findActiveBank(db, input.bankId))) errors.bankId = [BANK_ACCOUNT_MESSAGES.bankUnknown];
  const profile = await findPersonUserProfile(db, personUserId);
  if (!profile || !holderNameMatches(input.holderName, profile.lastName)) {
    errors.holderName = [BANK_ACCOUNT_MESSAGES.notOwnAccount];
  }
  if (Object.keys(errors).length > 0) throw new AppError('validation', VALIDATION_FAILED_MESSAGE, errors);
}

function accountValues(secret: string, input: PersonBankInput) {
  return {
    bankId: input.bankId,
    accountType: input.accountType,
    accountNumberEncrypted: encryptField(secret, input.accountNumber),
    accountNumberLast4: input.accountNumber.slice(-4),
    holderName: input.holderName,
  };
}

/**
 * Adds a bank account for the member (`POST benefit-claims/person-banks`). Claims in progress
 * paying into an account with the same number (another person's) get their risk signals evaluated
 * again (issue 36 item 3).
 * @throws AppError `validation` (422) per field: unknown bank, holder name without the surname
 */
export async function createPersonBank(
  deps: Pick<PersonBankDependencies, 'db' | 'secret' | 'risk'>,
  personUserId: number,
  input: PersonBankInput,
): Promise<PersonBankResponse> {
  await checkAccountRules(deps.db, personUserId, input);
  const accountId = await insertAccount(deps.db, personUserId, accountValues(deps.secret, input));
  await claimsOfAccounts().reevaluateAccountClaims(deps, accountId);
  return findPersonBank(deps.db, personUserId, accountId);
}

/**
 * Sends the PIN that confirms a change of an account a submitted claim pays into
 * (`POST benefit-claims/person-banks/{id}/otp`), by the member's two-factor method.
 * @throws AppError `not_found` (404) when not theirs; `throttled` (429) by the OTP rules
 */
export async function sendPersonBankChangeOtp(
  deps: PersonBankDependencies,
  personUserId: number,
  accountId: number,
): Promise<OtpSentResponse> {
  await findOwnAccount(deps.db, personUserId, accountId);
  const user = await findPersonUserById(deps.db, personUserId);
  if (!user) throw new AppError('unauthenticated', 'Please sign in.');
  return issueOtp(
    deps,
    { purpose: 'bank_account_change', area: 'beneficiary', subjectId: personUserId },
    twoFactorDestination(user),
  );
}

/** Tells the member, by every contact they gave, that the account of a running claim changed. */
async function announceAccountChange(deps: PersonBankDependencies, personUserId: number, last4: string): Promise<void> {
  const user = await findPersonUserById(deps.db, personUserId);
  if (!user) return;
  const recipient = { area: 'beneficiary' as const, id: personUserId };
  // Texts from the `bank-account.changed` templates, else the built-in defaults (issue 7).
  const data = { accountLast4: last4 };
  const destinations = [
    { kind: 'email', channel: 'email', destination: user.email },
    { kind: 'sms', channel: 'sms', destination: user.phoneNumber },
  ] as const;
  for (const { kind, channel, destination } of destinations) {
    if (!destination) continue;
    const { language } = user;
    const message = await renderMessage(deps.db, { key: 'bank-account.changed', kind, data, language });
    await deps.messenger.send({
      channel,
      destination,
      purpose: 'bank_account.changed',
      ...(message.subject ? { subject: message.subject } : {}),
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      recipient,
      language,
    });
  }
}

/**
 * Edits one of the member's accounts (`PUT benefit-claims/person-banks/{id}`). When a submitted,
 * unfinished claim pays into it, the change needs a fresh PIN (`otp`, sent by
 * `sendPersonBankChangeOtp`) and the member is told by email and SMS. The risk signals of the claims
 * paying into it, or into an account with its old or new number, are evaluated again (issue 36 item 3).
 * @throws AppError `not_found` (404); `validation` (422) per field, including `otp` when missing
 *   or wrong
 */
export async function updatePersonBank(
  deps: PersonBankDependencies,
  personUserId: number,
  accountId: number,
  input: PersonBankInput,
): Promise<PersonBankResponse> {
  const { account } = await findOwnAccount(deps.db, personUserId, accountId);
  await checkAccountRules(deps.db, personUserId, input);
  const locked = (await accountsInProgress(deps.db, [account.id])).has(account.id);
  if (locked) {
    if (!input.otp) {
      throw new AppError(
        'validation',
        BANK_ACCOUNT_MESSAGES.otpRequired,
        { otp: [BANK_ACCOUNT_MESSAGES.otpRequired] },
        { code: 'bank_account_otp_required' },
      );
    }
    await verifyOtp(deps, { purpose: 'bank_account_change', area: 'beneficiary', subjectId: personUserId }, input.otp);
  }
  const sharedBefore = await claimsOfAccounts().findSameAccounts(deps, account.id);
  await updateAccount(deps.db, account.id, accountValues(deps.secret, input));
  await claimsOfAccounts().reevaluateAccountClaims(
    deps,
    account.id,
    sharedBefore.map((shared) => shared.id),
  );
  if (locked) await announceAccountChange(deps, personUserId, input.accountNumber.slice(-4));
  return findPersonBank(deps.db, personUserId, account.id);
}

/**
 * Removes one of the member's accounts (`DELETE benefit-claims/person-banks/{id}`); a draft claim
 * that chose it forgets it.
 * @throws AppError `not_found` (404); `conflict` (409) while a submitted claim pays into it
 */
export async function removePersonBank(db: Database, personUserId: number, accountId: number): Promise<void> {
  const { account } = await findOwnAccount(db, personUserId, accountId);
  if ((await accountsInProgress(db, [account.id])).has(account.id)) {
    throw new AppError('conflict', BANK_ACCOUNT_MESSAGES.inUse, undefined, { code: 'bank_account_in_use' });
  }
  await claimsOfAccounts().forgetAccountsInDrafts(db, [account.id]);
  await markAccountRemoved(db, account.id);
}

/**
 * Removes every account of a member whose account is closed (issue 18): draft claims forget them,
 * an account no claim used is deleted, one a claim used is marked removed and kept (a payment
 * record). Call it in the closing transaction.
 * @returns how many accounts were removed or deleted
 */
export async function removeAllPersonBanks(db: Database, personUserId: number): Promise<number> {
  const own = await selectAccountIdsOfPersonUser(db, personUserId);
  await claimsOfAccounts().forgetAccountsInDrafts(db, own);
  const used = await accountsUsedByClaims(db, own);
  const deleted = await deleteAccounts(
    db,
    own.filter((id) => !used.has(id)),
  );
  const kept = await markAllAccountsRemoved(db, personUserId);
  return deleted + kept;
}

/** An account as a bank verification (AVS) needs it: the full number (for the provider only). */
export interface AccountForVerification {
  accountNumber: string;
  accountNumberMasked: string;
  accountType: 'CHEQUE' | 'SAVINGS' | 'TRANSMISSION';
  branchCode: string;
}

/**
 * An account with its number decrypted, for the bank verification provider (issue 18); never
 * answered to anyone or logged. `undefined` when there is no such account.
 */
export async function findAccountForVerification(
  deps: Pick<PersonBankDependencies, 'db' | 'secret'>,
  accountId: number,
): Promise<AccountForVerification | undefined> {
  const account = await selectAccount(deps.db, accountId);
  const [found] = account ? await withBanks(deps.db, [account]) : [];
  if (!found) return undefined;
  const row = { account: found.account, branchCode: found.bank.universalBranchCode };
  return {
    accountNumber: decryptField(deps.secret, row.account.accountNumberEncrypted),
    accountNumberMasked: maskAccountNumber(row.account.accountNumberLast4),
    accountType: row.account.accountType,
    branchCode: row.branchCode,
  };
}

/** How many members' bank accounts (removed ones too) have this account type code (account types in use). */
export async function countBankAccountsOfType(db: Database, code: string): Promise<number> {
  return countAccountsOfType(db, code);
}
