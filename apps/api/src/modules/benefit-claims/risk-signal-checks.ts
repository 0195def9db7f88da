import {
  FAST_TRACK_MIN_NAME_SCORE,
  FEE_TIME_ZONE,
  maskAccountNumber,
  RISK_SIGNAL_LABELS,
  type RiskFlagLinkResponse,
  type RiskFlagResponse,
  type RiskSignal,
} from '@bcp/contract';
import type { RiskConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { entityEventsSince, memberEvents, otherMembersAround } from '../../platform/audit/member-trail.js';
import { decryptField } from '../../platform/crypto/field-encryption.js';
import { personUserLinks, registerNameScore } from '../../queries/claim-risk-subject.js';
import { countChecksByStatus } from '../identity-verifications/index.js';
import { countAccountsAddedBy, selectAccount, selectAccountsEndingIn } from '../person-banks/index.js';
import type { ClaimRow } from './benefit-claims.repository.js';
import { claimsPayingInto } from './claim-risk.repository.js';

/**
 * The six fraud and risk signals of a claim (issue 36 item 3, decision 040), each computed from
 * the data the product already keeps: bank accounts, the audit trail (sign-ups, device
 * registrations, contact changes), identity checks, the population register and the bank match.
 * Each answers a flag with a plain explanation and the data behind it, or null.
 */

/** What the checks need: the database, the secret the account numbers are encrypted with, the thresholds. */
export interface RiskDependencies {
  db: Database;
  /** APP_SECRET: decrypts account numbers to compare them. */
  secret: string;
  risk: RiskConfig;
}

/** The audit actions the signals read (written by sign-up, device registration and contact changes). */
export const RISK_AUDIT_ACTIONS = {
  signedUp: 'person-users.signed_up',
  deviceRegistered: 'devices.registered',
  contactChanged: 'person-users.contact_changed',
} as const;

/** The claim and who is behind it, as the checks read them. */
export interface RiskSubject {
  claim: ClaimRow;
  personId: number;
  firstName: string;
  lastName: string;
  deceasedOn: string | null;
  dependantsProcessAt: Date | null;
  /** When the claim was submitted (or now, for a claim being submitted): changes are counted back from it. */
  reference: Date;
  now: Date;
}

const DAY_MS = 86_400_000;
const dateTime = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: FEE_TIME_ZONE });

/** `3 Dec 2026, 10:15` (South African time). */
function when(at: Date): string {
  return dateTime.format(at);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function flag(key: RiskSignal, explanation: string, data: RiskFlagResponse['data']): RiskFlagResponse {
  return { key, label: RISK_SIGNAL_LABELS[key], explanation, data };
}

/**
 * Other member accounts as links: each person's name and one of their benefits (the back office
 * opens a person by a benefit), then their claims given in `claims`.
 */
async function personLinks(
  db: Database,
  personUserIds: number[],
  claims: { id: number; personUserId: number }[] = [],
): Promise<RiskFlagLinkResponse[]> {
  if (personUserIds.length === 0) return [];
  const rows = await personUserLinks(db, personUserIds);
  return rows.flatMap((row) => [
    { label: `${row.firstName} ${row.lastName}`, claimId: null, benefitId: row.benefitId },
    ...claims
      .filter((claim) => claim.personUserId === row.personUserId)
      .map((claim) => ({
        label: `Claim ${claim.id} (${row.firstName} ${row.lastName})`,
        claimId: claim.id,
        benefitId: null,
      })),
  ]);
}

/** Decrypts a stored account number; null when another secret wrote it (it cannot be compared). */
function accountNumberOf(secret: string, stored: string): string | null {
  try {
    return decryptField(secret, stored);
  } catch {
    return null;
  }
}

/**
 * The other accounts with the same bank and account number as `accountId` (any member's, removed
 * ones too). Numbers are stored encrypted with a random IV, so the candidates are those of the same
 * bank ending in the same 4 digits, each decrypted and compared (decision 040).
 */
export async function findSameAccounts(
  deps: Pick<RiskDependencies, 'db' | 'secret'>,
  accountId: number,
): Promise<{ id: number; personUserId: number }[]> {
  const account = await selectAccount(deps.db, accountId);
  if (!account) return [];
  const number = accountNumberOf(deps.secret, account.accountNumberEncrypted);
  if (number === null) return [];
  const candidates = await selectAccountsEndingIn(deps.db, {
    bankId: account.bankId,
    last4: account.accountNumberLast4,
    exceptId: account.id,
  });
  return candidates
    .filter((candidate) => accountNumberOf(deps.secret, candidate.encrypted) === number)
    .map(({ id, personUserId }) => ({ id, personUserId }));
}

/** The payee account is also another person's account, and maybe their claims' (with links). */
export async function sharedAccountFlag(
  deps: RiskDependencies,
  subject: RiskSubject,
): Promise<RiskFlagResponse | null> {
  const { claim } = subject;
  if (claim.bankAccountId === null) return null;
  const others = (await findSameAccounts(deps, claim.bankAccountId)).filter(
    (account) => account.personUserId !== claim.personUserId,
  );
  if (others.length === 0) return null;
  const otherClaims = await claimsPayingInto(
    deps.db,
    others.map((account) => account.id),
  );
  const personUserIds = [...new Set(others.map((account) => account.personUserId))];
  const own = await selectAccount(deps.db, claim.bankAccountId);
  const masked = maskAccountNumber(own?.accountNumberLast4 ?? '');
  const people = plural(personUserIds.length, 'other person', 'other people');
  const claimsPart =
    otherClaims.length > 0
      ? `, and ${plural(otherClaims.length, 'of their claims pays', 'of their claims pay')} into it`
      : '';
  return flag(
    'sharedAccount',
    `The payee account (${masked}) is also the bank account of ${people}${claimsPart}. One account receiving several people's money is how tracing agents and insiders divert benefits.`,
    {
      links: await personLinks(deps.db, personUserIds, otherClaims),
      facts: { accountNumberMasked: masked, otherPeople: personUserIds.length, otherClaims: otherClaims.length },
    },
  );
}

/** "1 day before the claim was submitted", "the day it was submitted", "after it was submitted". */
function relativeToSubmission(at: Date, reference: Date): string {
  if (at.getTime() > reference.getTime()) return 'after the claim was submitted';
  const days = Math.floor((reference.getTime() - at.getTime()) / DAY_MS);
  return days === 0
    ? 'less than a day before the claim was submitted'
    : `${plural(days, 'day', 'days')} before the claim was submitted`;
}

/** When the claim's account was last changed: edited, or added while the member already had another. */
async function bankChange(db: Database, claim: ClaimRow, since: Date): Promise<{ at: Date; what: string } | null> {
  if (claim.bankAccountId === null) return null;
  const account = await selectAccount(db, claim.bankAccountId);
  if (!account) return null;
  if (account.updatedAt > account.createdAt && account.updatedAt >= since) {
    return { at: account.updatedAt, what: 'The bank details of the payee account were changed' };
  }
  if (account.createdAt < since) return null;
  const older = await countAccountsAddedBy(db, claim.personUserId, claim.bankAccountId, account.createdAt);
  return older > 0 ? { at: account.createdAt, what: 'A new payee account replaced an earlier one' } : null;
}

/** The member's email and phone changes since `since`, from the audit trail (`person-users.contact_changed`). */
async function contactChanges(db: Database, personUserId: number, since: Date) {
  const rows = await entityEventsSince(
    db,
    { entityType: 'person-users', entityId: personUserId, action: RISK_AUDIT_ACTIONS.contactChanged },
    since,
  );
  const last = (field: string) => rows.filter((row) => row.after && field in row.after).at(-1)?.occurredAt ?? null;
  return { email: last('email'), phone: last('phoneNumber') };
}

/** Bank details, phone or email changed within `recentChangeDays` days before submission (or since). */
export async function recentChangeFlag(deps: RiskDependencies, subject: RiskSubject): Promise<RiskFlagResponse | null> {
  const days = deps.risk.recentChangeDays;
  if (days === 0) return null;
  const since = new Date(subject.reference.getTime() - days * DAY_MS);
  const bank = await bankChange(deps.db, subject.claim, since);
  const contact = await contactChanges(deps.db, subject.claim.personUserId, since);
  const changes = [
    bank,
    contact.email && { at: contact.email, what: 'The email address was changed' },
    contact.phone && { at: contact.phone, what: 'The mobile number was changed' },
  ].filter((change): change is { at: Date; what: string } => Boolean(change));
  if (changes.length === 0) return null;
  const sentences = changes.map(
    (change) => `${change.what} on ${when(change.at)}, ${relativeToSubmission(change.at, subject.reference)}.`,
  );
  return flag(
    'recentChange',
    `${sentences.join(' ')} Changes just before a claim are how a taken-over member account is paid out (flagged within ${plural(days, 'day', 'days')}).`,
    {
      links: [],
      facts: {
        days,
        bankChangedAt: bank?.at.toISOString() ?? null,
        emailChangedAt: contact.email?.toISOString() ?? null,
        phoneChangedAt: contact.phone?.toISOString() ?? null,
      },
    },
  );
}

/**
 * The account holder's name does not match the member's: the bank match (AVS) of the claim's
 * account said the initials or surname differ, or the population register's name score is under
 * `FAST_TRACK_MIN_NAME_SCORE` (the fast track's own threshold).
 */
export async function nameMismatchFlag(deps: RiskDependencies, subject: RiskSubject): Promise<RiskFlagResponse | null> {
  const { claim } = subject;
  const match = claim.bankMatch as { bankAccountId?: number; checks?: Record<string, boolean | null> } | null;
  const checks = match && match.bankAccountId === claim.bankAccountId ? match.checks : undefined;
  const bankSays = checks?.initialsMatch === false || checks?.surnameMatches === false;
  const score = await registerNameScore(deps.db, subject.personId);
  const lowScore = typeof score === 'number' && score < FAST_TRACK_MIN_NAME_SCORE;
  if (!bankSays && !lowScore) return null;
  const parts = [
    bankSays &&
      `The bank says the account holder's ${[
        checks?.initialsMatch === false && 'initials',
        checks?.surnameMatches === false && 'surname',
      ]
        .filter(Boolean)
        .join(' and ')} do not match ${subject.firstName} ${subject.lastName}.`,
    lowScore &&
      `The population register scores the member's names ${score} of 100 against the fund's record (at least ${FAST_TRACK_MIN_NAME_SCORE} counts as a match).`,
  ].filter(Boolean);
  return flag('nameMismatch', parts.join(' '), {
    links: [],
    facts: {
      initialsMatch: checks?.initialsMatch ?? null,
      surnameMatches: checks?.surnameMatches ?? null,
      nameScore: typeof score === 'number' ? score : null,
      minNameScore: FAST_TRACK_MIN_NAME_SCORE,
    },
  });
}

/**
 * Several member accounts (`accountsPerOrigin`, the claimant's included) signed up from the
 * claimant's sign-up address, or registered the claimant's device, within 24 hours of it.
 */
export async function sharedOriginFlag(deps: RiskDependencies, subject: RiskSubject): Promise<RiskFlagResponse | null> {
  const { db } = deps;
  const personUserId = subject.claim.personUserId;
  const own = await memberEvents(
    db,
    personUserId,
    [RISK_AUDIT_ACTIONS.signedUp, RISK_AUDIT_ACTIONS.deviceRegistered],
    50,
  );
  const needed = deps.risk.accountsPerOrigin - 1;
  const signUp = own.find((row) => row.action === RISK_AUDIT_ACTIONS.signedUp && row.ip);
  const fromAddress = signUp
    ? await otherMembersAround(
        db,
        { action: RISK_AUDIT_ACTIONS.signedUp, at: signUp.at, ip: signUp.ip as string },
        personUserId,
      )
    : [];
  const fromDevice = new Set<number>();
  for (const row of own.filter((event) => event.action === RISK_AUDIT_ACTIONS.deviceRegistered && event.device)) {
    const others = await otherMembersAround(
      db,
      { action: RISK_AUDIT_ACTIONS.deviceRegistered, at: row.at, device: row.device as string },
      personUserId,
    );
    for (const id of others) fromDevice.add(id);
  }
  const byAddress = fromAddress.length >= needed;
  const byDevice = fromDevice.size >= needed;
  if (!byAddress && !byDevice) return null;
  const parts = [
    byAddress &&
      `${plural(fromAddress.length + 1, 'member account was', 'member accounts were')} signed up from the same internet address (${signUp?.ip}) within a day of this member's.`,
    byDevice &&
      `${plural(fromDevice.size + 1, 'member account', 'member accounts')} registered the same device within a day of this member.`,
  ].filter(Boolean);
  const involved = [...new Set([...(byAddress ? fromAddress : []), ...(byDevice ? fromDevice : [])])].sort(
    (a, b) => a - b,
  );
  return flag('sharedOrigin', `${parts.join(' ')} One person opening several accounts is a sign of fraud.`, {
    links: await personLinks(db, involved),
    facts: {
      ip: byAddress ? (signUp?.ip ?? null) : null,
      accountsFromAddress: byAddress ? fromAddress.length + 1 : null,
      accountsFromDevice: byDevice ? fromDevice.size + 1 : null,
      threshold: deps.risk.accountsPerOrigin,
    },
  });
}

/** The member's identity check failed `identityFailures` times or more. */
export async function identityRetriesFlag(
  deps: RiskDependencies,
  subject: RiskSubject,
): Promise<RiskFlagResponse | null> {
  const rows = await countChecksByStatus(deps.db, subject.claim.personUserId);
  const failed = rows.find((row) => row.status === 'failed')?.n ?? 0;
  const total = rows.reduce((sum, row) => sum + row.n, 0);
  if (failed < deps.risk.identityFailures) return null;
  return flag(
    'identityRetries',
    `The member's identity check failed ${plural(failed, 'time', 'times')} (${plural(total, 'check', 'checks')} in all). Someone trying again and again may be using another person's identity.`,
    { links: [], facts: { failedChecks: failed, checks: total, threshold: deps.risk.identityFailures } },
  );
}

/** The population register records the member as deceased, or the benefit went to the dependants' process. */
export function deceasedFlag(subject: RiskSubject): RiskFlagResponse | null {
  if (!subject.deceasedOn && !subject.dependantsProcessAt) return null;
  const parts = [
    subject.deceasedOn &&
      `The population register records ${subject.firstName} ${subject.lastName} as deceased on ${subject.deceasedOn}.`,
    subject.dependantsProcessAt &&
      `The benefit was sent to the fund's dependants' process on ${when(subject.dependantsProcessAt)}.`,
  ].filter(Boolean);
  return flag('deceased', `${parts.join(' ')} A claim in a deceased member's name must not be paid to the claimant.`, {
    links: [],
    facts: {
      deceasedOn: subject.deceasedOn,
      dependantsProcessAt: subject.dependantsProcessAt?.toISOString() ?? null,
    },
  });
}
