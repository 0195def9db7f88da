import type { IdentityVerificationResponse } from '@bcp/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/errors/app-error.js';
import {
  type IdentityCheckResult,
  type IdentityProvider,
  identityCallbackUrl,
  identityReturnUrl,
} from '../../platform/identity/identity-provider.js';
import { findPersonUserProfile, markIdentityVerified } from '../person-users/index.js';
import {
  completePendingCheck,
  insertPendingCheck,
  selectCheckByReference,
  selectLatestCheck,
} from './identity-verifications.repository.js';

/** Messages of this module's errors. */
export const IDENTITY_VERIFICATION_MESSAGES = {
  personUserNotFound: 'We could not find your account.',
  alreadyVerified: 'Your identity is already verified.',
  checkNotFound: 'This identity check does not exist.',
} as const;

type ProviderName = IdentityProvider['name'];
type CheckStatus = 'pending' | 'passed' | 'failed';

/** What starting a check needs: the database, the server's one provider, and its public address. */
export interface IdentityVerificationDependencies {
  db: Database;
  provider: IdentityProvider;
  config: Pick<Config, 'publicUrl'>;
}

/**
 * Starts an identity check for a person user (spec 7 `GET beneficiary-sessions/iidentifii`): asks
 * the provider for a check that sends the browser back to the app's `/id-verify/{idNumber}` page and
 * its signed result to `/api/app/identity-verifications/callback`, and records the check as pending.
 * Each call starts a new check; an older pending one can still complete.
 * @returns the URL the person opens, and the provider's reference of the check
 * @throws AppError('not_found') when there is no such person user
 * @throws AppError('conflict', 'Your identity is already verified.') when already verified
 * @throws AppError('unavailable') when the provider cannot start a check
 */
export async function startIdentityVerification(
  deps: IdentityVerificationDependencies,
  personUserId: number,
): Promise<{ url: string; reference: string }> {
  const { db, provider, config } = deps;
  const profile = await findPersonUserProfile(db, personUserId);
  if (!profile) throw new AppError('not_found', IDENTITY_VERIFICATION_MESSAGES.personUserNotFound);
  if (profile.iidentifiiVerified)
    throw new AppError('conflict', IDENTITY_VERIFICATION_MESSAGES.alreadyVerified, undefined, {
      code: 'identity_already_verified',
    });
  const check = await provider.createCheck({
    personUserId,
    idNumber: profile.idNumber,
    firstName: profile.firstName,
    lastName: profile.lastName,
    returnUrl: identityReturnUrl(config.publicUrl, profile.idNumber),
    callbackUrl: identityCallbackUrl(config.publicUrl),
  });
  await insertPendingCheck(db, { personUserId, provider: provider.name, reference: check.reference });
  return { url: check.url, reference: check.reference };
}

/** What recording a provider's result did. */
export interface RecordedIdentityResult {
  /** True only for the call that moved the check out of `pending`. */
  changed: boolean;
  personUserId: number;
  /** The check's status after this call: differs from the result's when an earlier, different result was kept. */
  status: CheckStatus;
}

/**
 * Records a provider's verified result, idempotently: a pending check becomes `passed` or `failed`
 * (with `completedAt` and, on failure, the reason) and a pass marks the person user
 * `iidentifiiVerified`, in one transaction. The update only applies to a pending check, so of two
 * concurrent callbacks only one applies. A replay, or a different result for a completed check,
 * changes nothing (`changed: false`; the caller logs a differing `status`).
 * @param provider when given, only that provider's checks match the reference
 * @throws AppError('not_found') when no check has this reference
 */
export async function recordIdentityResult(
  db: Database,
  result: IdentityCheckResult,
  provider?: ProviderName,
): Promise<RecordedIdentityResult> {
  return db.transaction(async (tx) => {
    const completedAt = new Date();
    const updated = await completePendingCheck(
      tx,
      { reference: result.reference, provider },
      {
        status: result.status,
        failureReason: result.status === 'failed' ? (result.reason ?? null) : null,
        completedAt,
      },
    );
    if (updated) {
      if (result.status === 'passed') await markIdentityVerified(tx, updated.personUserId, completedAt);
      return { changed: true, personUserId: updated.personUserId, status: result.status };
    }
    const existing = await selectCheckByReference(tx, result.reference, provider);
    if (!existing) throw new AppError('not_found', IDENTITY_VERIFICATION_MESSAGES.checkNotFound);
    return { changed: false, personUserId: existing.personUserId, status: existing.status };
  });
}

/** One identity check as the member sees it. */
export interface IdentityVerificationSummary {
  status: CheckStatus;
  /** The provider's reason when `status` is `failed`. */
  failureReason: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

/** The person user's most recent identity check, or `undefined` when they never started one. */
export async function latestIdentityVerification(
  db: Database,
  personUserId: number,
): Promise<IdentityVerificationSummary | undefined> {
  return selectLatestCheck(db, personUserId);
}

/** Maps a check to its response shape (`IdentityVerificationResponse`, times in ISO 8601 UTC). */
export function toIdentityVerificationResponse(summary: IdentityVerificationSummary): IdentityVerificationResponse {
  return {
    status: summary.status,
    failureReason: summary.failureReason,
    createdAt: summary.createdAt.toISOString(),
    completedAt: summary.completedAt ? summary.completedAt.toISOString() : null,
  };
}

/** A check as the identity sandbox's page needs it (the sandbox keeps nothing of its own). */
export interface IdentityCheckRecord {
  personUserId: number;
  status: CheckStatus;
}

/**
 * Finds a check by its provider and reference (for the identity sandbox's page).
 * @returns the check, or `undefined` when there is none
 */
export async function findIdentityCheck(
  db: Database,
  provider: ProviderName,
  reference: string,
): Promise<IdentityCheckRecord | undefined> {
  return selectCheckByReference(db, reference, provider);
}
