import {
  type OtpSentResponse,
  STAFF_SESSION_MESSAGES,
  type StaffMeResponse,
  type StaffSessionResponse,
  type StaffVerifyOtpResponse,
} from '@bcp/contract';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { verifyPassword } from '../../platform/auth/passwords.js';
import type { StaffIdentity } from '../../platform/auth/route-access.js';
import { createSession, markSessionVerified, revokeSession } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/errors/app-error.js';
import { assertMaySendOtp, issueOtp, type OtpDependencies, verifyOtp } from '../../platform/otp/otp.service.js';
import { MAX_CONSECUTIVE_FAILED_SIGN_INS } from '../beneficiary-sessions/index.js';
import {
  clearFailedSignIns,
  countFailedSignIn,
  describeStaffMe,
  findStaffUserByEmail,
  findStaffUserById,
  recordStaffSignIn,
  type StaffUserRecord,
  staffOtpDestination,
} from '../users/index.js';

const signInFailed = () =>
  new AppError('unauthenticated', STAFF_SESSION_MESSAGES.signInFailed, undefined, { code: 'sign_in_failed' });

type FailureReason = 'unknown_email' | 'wrong_password' | 'inactive' | 'no_password' | 'locked' | 'wrong_pin';

/** Audits a failed staff sign-in (`staff.sign_in_failed`): who was tried, why, from where; never what was typed as secret. */
async function auditFailure(
  deps: Pick<OtpDependencies, 'db'>,
  attempt: { user?: StaffUserRecord | undefined; email: string; reason: FailureReason; ip?: string | undefined },
): Promise<void> {
  await recordAudit(deps.db, {
    actor: { type: 'staff', id: attempt.user?.id ?? null, label: attempt.email.trim().toLowerCase().slice(0, 200) },
    ip: attempt.ip ?? null,
    action: 'staff.sign_in_failed',
    entityType: 'users',
    entityId: attempt.user?.id ?? null,
    after: { reason: attempt.reason },
  });
}

function failureReason(user: StaffUserRecord | undefined, passwordMatches: boolean): FailureReason | undefined {
  if (!user) return 'unknown_email';
  if (!user.passwordHash) return 'no_password';
  if (!passwordMatches) return 'wrong_password';
  if (user.failedLoginCount >= MAX_CONSECUTIVE_FAILED_SIGN_INS) return 'locked';
  if (!user.active) return 'inactive';
  return undefined;
}

/**
 * Staff sign-in, step one (spec 7 `POST admin-sessions/login`): email and password. Starts a new,
 * unverified admin session (30 minutes idle, 12 hours at most) and sends its PIN by the user's
 * method. Every failure gets the same answer in about the same time and is audited
 * (`staff.sign_in_failed`); after 100 consecutive wrong passwords only a password reset unlocks.
 * @throws AppError `unauthenticated` (401) `The email or password is not correct.`
 * @throws AppError `throttled` (429) when the destination had a PIN too recently
 */
export async function signInStaff(
  deps: OtpDependencies,
  input: { email: string; password: string },
  meta: { ip?: string; userAgent?: string },
): Promise<StaffSessionResponse> {
  const user = await findStaffUserByEmail(deps.db, input.email);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? undefined, input.password);
  const reason = failureReason(user, passwordMatches);
  if (reason) {
    if (user && reason === 'wrong_password') {
      await countFailedSignIn(deps.db, user.id);
    }
    await auditFailure(deps, { user, email: input.email, reason, ip: meta.ip });
    throw signInFailed();
  }
  const signingIn = user as StaffUserRecord;
  const destination = staffOtpDestination(signingIn);
  await assertMaySendOtp(deps.db, destination.destination, 'sign_in');
  await clearFailedSignIns(deps.db, signingIn.id);
  const session = await createSession(deps.db, { area: 'admin', subjectId: signingIn.id, ...meta });
  const otp = await issueOtp(
    deps,
    { purpose: 'sign_in', area: 'admin', subjectId: signingIn.id, sessionId: session.sessionId },
    destination,
  );
  return { apiToken: session.token, verified: false, otp };
}

/**
 * Sends a new sign-in PIN for the caller's session (spec 7 `POST admin-sessions/otp`): no sooner
 * than 60 s after the last, at most 5 an hour.
 * @throws AppError `conflict` (409) when the session is already verified; `throttled` (429)
 */
export async function resendStaffOtp(deps: OtpDependencies, caller: StaffIdentity): Promise<OtpSentResponse> {
  if (caller.verified)
    throw new AppError('conflict', 'You are already signed in.', undefined, { code: 'already_signed_in' });
  const user = await findStaffUserById(deps.db, caller.userId);
  if (!user) throw signInFailed();
  return issueOtp(
    deps,
    { purpose: 'sign_in', area: 'admin', subjectId: user.id, sessionId: caller.sessionId },
    staffOtpDestination(user),
  );
}

/**
 * Completes staff sign-in (spec 7 `POST admin-sessions/otp/verify`): a right PIN verifies the
 * session; the answer carries the user's roles and permissions. Audited: `staff.signed_in`, or
 * `staff.sign_in_failed` (reason `wrong_pin`).
 * @throws AppError `validation` (422, field `otp`) for a wrong, expired, used or dead PIN
 */
export async function verifyStaffOtp(
  deps: OtpDependencies,
  caller: StaffIdentity,
  otp: string,
  context: AuditContext,
): Promise<StaffVerifyOtpResponse> {
  const user = await findStaffUserById(deps.db, caller.userId);
  if (!user) throw signInFailed();
  try {
    await verifyOtp(
      deps,
      { purpose: 'sign_in', area: 'admin', subjectId: caller.userId, sessionId: caller.sessionId },
      otp,
    );
  } catch (error) {
    await auditFailure(deps, { user, email: user.email, reason: 'wrong_pin', ip: context.ip ?? undefined });
    throw error;
  }
  const now = new Date();
  await markSessionVerified(deps.db, caller.sessionId, now);
  await recordStaffSignIn(deps.db, user.id, now);
  await recordAudit(deps.db, {
    ...context,
    action: 'staff.signed_in',
    entityType: 'users',
    entityId: user.id,
    after: { sessionId: caller.sessionId },
  });
  return { verified: true, user: await describeStaffMe(deps.db, user) };
}

/**
 * `GET admin-sessions/me` (issue 19): the caller with their roles and the permissions they hold now.
 * @throws AppError `unauthenticated` (401) when the user is gone (the guard already refuses inactive users)
 */
export async function describeSignedInStaff(
  db: OtpDependencies['db'],
  caller: StaffIdentity,
): Promise<StaffMeResponse> {
  const user = await findStaffUserById(db, caller.userId);
  if (!user) throw signInFailed();
  return describeStaffMe(db, user);
}

/** Logout (spec 7 `DELETE admin-sessions/logout`): the token stops working at once; audited `staff.signed_out`. */
export async function signOutStaff(
  deps: Pick<OtpDependencies, 'db'>,
  caller: StaffIdentity,
  context: AuditContext,
): Promise<void> {
  await revokeSession(deps.db, caller.sessionId, 'logout');
  await recordAudit(deps.db, { ...context, action: 'staff.signed_out', entityType: 'users', entityId: caller.userId });
}
