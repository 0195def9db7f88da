import { type MessageResponse, maskEmail, type ResetUrlResponse, STAFF_SESSION_MESSAGES } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { consumeResetToken, findResetToken } from '../../platform/auth/reset-tokens.js';
import { revokeSubjectSessions } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { Messenger } from '../../platform/messaging/messenger.js';
import { findStaffUserByEmail, findStaffUserById, sendPasswordLink, setStaffPasswordHash } from '../users/index.js';

const invalidLink = (field: 'token') =>
  new AppError('validation', STAFF_SESSION_MESSAGES.resetLinkInvalid, {
    [field]: [STAFF_SESSION_MESSAGES.resetLinkInvalid],
  });

/**
 * Emails a password link (spec 7 `POST admin-sessions/reset-password-request`) to an active staff
 * user with that email: a random token (256 bits, stored hashed), valid 60 minutes, single use,
 * its URL built on `PUBLIC_URL`. The answer is the same whether or not the email is known.
 */
export async function requestStaffPasswordReset(
  deps: { db: Database; messenger: Messenger; publicUrl: string },
  email: string,
): Promise<MessageResponse> {
  const user = await findStaffUserByEmail(deps.db, email);
  if (user?.active) await sendPasswordLink(deps, user, 'reset');
  return { message: STAFF_SESSION_MESSAGES.resetRequested };
}

/**
 * Checks a password link's token (spec 7 `GET admin-sessions/verify-reset-url/{token}`) without
 * using it up.
 * @throws AppError `validation` (422, field `token`) for an unknown, used or expired token
 */
export async function verifyStaffResetUrl(db: Database, token: string): Promise<ResetUrlResponse> {
  const found = await findResetToken(db, 'admin', token);
  const user = found && (await findStaffUserById(db, found.subjectId));
  if (!found || !user?.active) throw invalidLink('token');
  return { valid: true, email: maskEmail(user.email), expiresAt: found.expiresAt.toISOString() };
}

/**
 * Sets a staff user's password with a link's token (`POST admin-sessions/reset-password`): the
 * token is used up, the sign-in lock is lifted, every session of the user ends, the user is told
 * by email. Audited as `users.password_changed` (no secret in the row).
 * @throws AppError `validation` (422, field `token`) for an unknown, used or expired token
 */
export async function setStaffPassword(
  deps: { db: Database; messenger: Messenger },
  input: { token: string; password: string },
  context: AuditContext,
): Promise<MessageResponse> {
  const userId = await consumeResetToken(deps.db, 'admin', input.token);
  const user = userId === undefined ? undefined : await findStaffUserById(deps.db, userId);
  if (!user?.active) throw invalidLink('token');
  const now = new Date();
  await setStaffPasswordHash(deps.db, user.id, await hashPassword(input.password), now);
  const ended = await revokeSubjectSessions(deps.db, 'admin', user.id, 'password_changed');
  await recordAudit(deps.db, {
    actor: { type: 'staff', id: user.id, label: user.email },
    ip: context.ip ?? null,
    action: 'users.password_changed',
    entityType: 'users',
    entityId: user.id,
    after: { sessionsEnded: ended },
  });
  await deps.messenger.send({
    channel: 'email',
    destination: user.email,
    purpose: 'staff.password_changed',
    subject: 'Your password was changed',
    text: 'Your Benefit Finder back-office password was set and you were signed out everywhere. If this was not you, tell your administrator now.',
    recipient: { area: 'admin', id: user.id },
  });
  return { message: STAFF_SESSION_MESSAGES.passwordChanged };
}
