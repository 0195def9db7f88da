import { ACCOUNT_MESSAGES, type OtpSentResponse, type SessionResponse, type VerifyOtpResponse } from '@bcp/contract';
import { verifyPassword } from '../../platform/auth/passwords.js';
import type { BeneficiaryIdentity } from '../../platform/auth/route-access.js';
import { createSession, markSessionVerified, revokeSession } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/errors/app-error.js';
import { assertMaySendOtp, issueOtp, type OtpDependencies, verifyOtp } from '../../platform/otp/otp.service.js';
import {
  clearFailedSignIns,
  findPersonUserById,
  findPersonUserByIdentifier,
  lockPersonUser,
  markContactProven,
  recordFailedSignIn,
  toPendingPersonUserResponse,
  toPersonUserResponse,
  twoFactorDestination,
} from '../person-users/index.js';

/** After this many consecutive failed sign-ins the account needs a password reset (issue 3). */
export const MAX_CONSECUTIVE_FAILED_SIGN_INS = 100;

const signInFailed = () =>
  new AppError('unauthenticated', ACCOUNT_MESSAGES.signInFailed, undefined, { code: 'sign_in_failed' });

/**
 * Sign-in, step one (spec 7 `POST beneficiary-sessions/login`): ID number or email, and password.
 * Starts a new, unverified session (a new token at every sign-in) and sends its PIN. The answer
 * for a wrong password, an unknown account and a locked account is the same, in about the same time.
 * @throws AppError `unauthenticated` (401) `The ID number, email or password is not correct.`
 * @throws AppError `throttled` (429) when the member's destination had a PIN too recently
 */
export async function signIn(
  deps: OtpDependencies,
  input: { identifier: string; password: string },
  meta: { ip?: string; userAgent?: string },
): Promise<SessionResponse> {
  const { db } = deps;
  const user = await findPersonUserByIdentifier(db, input.identifier);
  const passwordMatches = await verifyPassword(user?.passwordHash, input.password);
  if (!user) throw signInFailed();
  if (!passwordMatches) {
    const failedLoginCount = await recordFailedSignIn(db, user.id);
    if (failedLoginCount === MAX_CONSECUTIVE_FAILED_SIGN_INS) await lockAccount(deps, user.id);
    throw signInFailed();
  }
  if (user.lockedAt) throw signInFailed();

  const destination = twoFactorDestination(user);
  await assertMaySendOtp(db, destination.destination, 'sign_in');
  await clearFailedSignIns(db, user.id);
  const session = await createSession(db, { area: 'beneficiary', subjectId: user.id, ...meta });
  const otp = await issueOtp(
    deps,
    { purpose: 'sign_in', area: 'beneficiary', subjectId: user.id, sessionId: session.sessionId },
    destination,
  );
  return { apiToken: session.token, verified: false, personUser: toPendingPersonUserResponse(user), otp };
}

async function lockAccount(deps: OtpDependencies, personUserId: number): Promise<void> {
  await lockPersonUser(deps.db, personUserId);
  const user = await findPersonUserById(deps.db, personUserId);
  if (!user) return;
  const { channel, destination } = twoFactorDestination(user);
  await deps.messenger.send({
    channel: channel === 'EMAIL' ? 'email' : 'sms',
    destination,
    purpose: 'account.locked',
    subject: 'Your account is locked',
    text: 'After many failed sign-ins we locked your Benefit Finder account to protect it. Reset your password to unlock it.',
    recipient: { area: 'beneficiary', id: user.id },
  });
}

/**
 * Sends a new sign-in PIN for the caller's session (spec 7 `POST beneficiary-sessions/otp`).
 * @throws AppError `conflict` (409) when the session is already verified; `throttled` (429)
 */
export async function resendSignInOtp(deps: OtpDependencies, caller: BeneficiaryIdentity): Promise<OtpSentResponse> {
  if (caller.verified)
    throw new AppError('conflict', 'You are already signed in.', undefined, { code: 'already_signed_in' });
  const user = await findPersonUserById(deps.db, caller.personUserId);
  if (!user) throw new AppError('unauthenticated', 'Please sign in.');
  return issueOtp(
    deps,
    { purpose: 'sign_in', area: 'beneficiary', subjectId: user.id, sessionId: caller.sessionId },
    twoFactorDestination(user),
  );
}

/**
 * Completes sign-in (spec 7 `POST beneficiary-sessions/verifyOtp`): a right PIN verifies the
 * session (spec 3 `verified`) and proves the destination it went to.
 * @throws AppError `validation` (422, field `otp`) for a wrong, expired, used or dead PIN
 */
export async function verifySignInOtp(
  deps: OtpDependencies,
  caller: BeneficiaryIdentity,
  otp: string,
): Promise<VerifyOtpResponse> {
  const proven = await verifyOtp(
    deps,
    { purpose: 'sign_in', area: 'beneficiary', subjectId: caller.personUserId, sessionId: caller.sessionId },
    otp,
  );
  const now = new Date();
  await markSessionVerified(deps.db, caller.sessionId, now);
  await markContactProven(deps.db, caller.personUserId, proven.channel, now);
  const user = await findPersonUserById(deps.db, caller.personUserId);
  if (!user) throw new AppError('unauthenticated', 'Please sign in.');
  return { verified: true, personUser: toPersonUserResponse(user) };
}

/** Logout (spec 7 `DELETE beneficiary-sessions/logout`): the token stops working at once. */
export async function signOut(deps: Pick<OtpDependencies, 'db'>, caller: BeneficiaryIdentity): Promise<void> {
  await revokeSession(deps.db, caller.sessionId, 'logout');
}
