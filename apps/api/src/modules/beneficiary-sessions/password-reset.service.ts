import { createHmac } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  type AdminPasswordResetResponse,
  type MessageResponse,
  maskEmail,
  maskPhoneNumber,
  PERSON_ADMIN_MESSAGES,
  type ResetPasswordUserResponse,
  type ResetTokenResponse,
} from '@bcp/contract';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { consumeResetToken, issueResetToken } from '../../platform/auth/reset-tokens.js';
import { revokeSubjectSessions } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/errors/app-error.js';
import { issueOtp, maskDestination, type OtpDependencies, verifyOtp } from '../../platform/otp/otp.service.js';
import {
  findPersonUserById,
  findPersonUserByIdentifier,
  findPersonUserOfPerson,
  type PersonUserRecord,
  setPersonUserPassword,
  twoFactorDestination,
} from '../person-users/index.js';

/** How long a reset token from a verified reset PIN stays valid, in seconds. */
export const RESET_TOKEN_TTL_SECONDS = 15 * 60;

const SUBJECT = (personUserId: number) =>
  ({ purpose: 'password_reset', area: 'beneficiary', subjectId: personUserId }) as const;

/**
 * A stable, plausible masked destination for an identifier with no account, derived from the
 * server secret: asking twice gives the same answer, so the answer does not tell whether an
 * account exists.
 */
function decoyDestination(secret: string, identifier: string): ResetPasswordUserResponse {
  const digest = createHmac('sha256', secret).update(`reset-decoy:${identifier.trim().toLowerCase()}`).digest();
  if (identifier.includes('@')) {
    const domain = identifier.split('@')[1]?.toLowerCase() || 'gmail.com';
    return { channel: 'EMAIL', destination: maskEmail(`${digest.toString('hex').slice(0, 6)}@${domain}`) };
  }
  const digits = String(digest.readUInt32BE(0) % 1000).padStart(3, '0');
  return { channel: 'SMS', destination: maskPhoneNumber(`+2782000${digits}`) };
}

function describe(user: PersonUserRecord): ResetPasswordUserResponse {
  const { channel, destination } = twoFactorDestination(user);
  return { channel, destination: maskDestination(channel, destination) };
}

/**
 * Finds the account to reset (spec 7 `GET beneficiary-sessions/reset-password-user`): only the
 * masked destination of its PIN. Unknown identifiers get a stable decoy of the same shape.
 */
export async function findResetDestination(
  deps: Pick<OtpDependencies, 'db' | 'secret'>,
  identifier: string,
): Promise<ResetPasswordUserResponse> {
  const user = await findPersonUserByIdentifier(deps.db, identifier);
  return user ? describe(user) : decoyDestination(deps.secret, identifier);
}

/**
 * Sends a reset PIN (spec 7 `POST beneficiary-sessions/reset-password-request`). The answer is the
 * same for unknown accounts; a PIN asked for too soon is not sent, but the answer stays the same
 * (the route's own limit answers 429 alike for every identifier).
 */
export async function requestPasswordReset(
  deps: OtpDependencies,
  identifier: string,
): Promise<ResetPasswordUserResponse> {
  const user = await findPersonUserByIdentifier(deps.db, identifier);
  if (!user) return decoyDestination(deps.secret, identifier);
  try {
    await issueOtp(deps, SUBJECT(user.id), twoFactorDestination(user));
  } catch (error) {
    if (!(error instanceof AppError && error.kind === 'throttled')) throw error;
  }
  return describe(user);
}

/**
 * Staff send a member a reset PIN (`PATCH /api/v1/benefits/person/password/{id}`, issue 18): the
 * same PIN as the member's own request, by the member's two-factor method; staff never see or set
 * a password. Audited (`person-users.reset-pin-sent`).
 * @throws AppError `not_found` (404): no account (or closed); `throttled` (429): a PIN was sent too recently
 */
export async function sendPasswordResetPinForStaff(
  deps: OtpDependencies,
  personId: number,
  context: AuditContext,
): Promise<AdminPasswordResetResponse> {
  const account = await findPersonUserOfPerson(deps.db, personId);
  const user = await findPersonUserById(deps.db, account.id);
  if (!user || user.closedAt)
    throw new AppError('not_found', PERSON_ADMIN_MESSAGES.noAccount, undefined, { code: 'account_not_found' });
  await issueOtp(deps, SUBJECT(user.id), twoFactorDestination(user));
  const { channel, destination } = describe(user);
  await recordAudit(deps.db, {
    ...context,
    action: 'person-users.reset-pin-sent',
    entityType: 'person-users',
    entityId: user.id,
    after: { method: channel },
  });
  return { method: channel, sentTo: destination };
}

/**
 * Checks the reset PIN (spec 7 `POST beneficiary-session/verify-reset-password-otp`) and gives a
 * short-lived token (15 minutes, stored hashed) that allows setting a new password.
 * @throws AppError `validation` (422, field `otp`); for unknown accounts the same as a wrong PIN
 */
export async function verifyPasswordResetOtp(
  deps: OtpDependencies,
  input: { identifier: string; otp: string },
): Promise<ResetTokenResponse> {
  const user = await findPersonUserByIdentifier(deps.db, input.identifier);
  if (!user)
    throw new AppError(
      'validation',
      ACCOUNT_MESSAGES.otpWrong,
      { otp: [ACCOUNT_MESSAGES.otpWrong] },
      { code: 'otp_wrong' },
    );
  await verifyOtp(deps, SUBJECT(user.id), input.otp);
  const { token, expiresAt } = await issueResetToken(
    deps.db,
    { area: 'beneficiary', subjectId: user.id },
    RESET_TOKEN_TTL_SECONDS,
  );
  return { resetToken: token, expiresAt: expiresAt.toISOString() };
}

/**
 * Sets a new password with a reset token (spec 7 `POST beneficiary-session/reset-password`): the
 * token is used up, the account unlocks, every session of the member ends, and the member is told
 * by email and SMS.
 * @throws AppError `validation` (422, field `resetToken`) for an unknown, used or expired token
 */
export async function resetPassword(
  deps: OtpDependencies,
  input: { resetToken: string; password: string },
): Promise<MessageResponse> {
  const now = new Date();
  const subjectId = await consumeResetToken(deps.db, 'beneficiary', input.resetToken, now);
  const token = subjectId === undefined ? undefined : { subjectId };
  if (!token) {
    throw new AppError(
      'validation',
      ACCOUNT_MESSAGES.resetTokenInvalid,
      {
        resetToken: [ACCOUNT_MESSAGES.resetTokenInvalid],
      },
      { code: 'reset_token_invalid' },
    );
  }
  await setPersonUserPassword(deps.db, token.subjectId, await hashPassword(input.password), now);
  await revokeSubjectSessions(deps.db, 'beneficiary', token.subjectId, 'password_changed');

  const user = await findPersonUserById(deps.db, token.subjectId);
  const text =
    'Your Benefit Finder password was changed and you were signed out everywhere. If this was not you, reset your password now.';
  for (const [channel, destination] of [
    ['email', user?.email],
    ['sms', user?.phoneNumber],
  ] as const) {
    if (!destination) continue;
    await deps.messenger.send({
      channel,
      destination,
      purpose: 'account.password_changed',
      subject: 'Your password was changed',
      text,
      recipient: { area: 'beneficiary', id: token.subjectId },
    });
  }
  return { message: 'Your password was changed. Sign in with your new password.' };
}
