import type { Database } from '../../db/client.js';
import { issueResetToken } from '../../platform/auth/reset-tokens.js';
import type { Messenger } from '../../platform/messaging/messenger.js';
import type { StaffUserRecord } from './users.service.js';

/** How long an emailed password link works, in seconds: a reset 60 minutes, a new user's invitation 72 hours. */
export const PASSWORD_LINK_TTL_SECONDS = { reset: 60 * 60, invite: 72 * 60 * 60 } as const;

/**
 * The page of the back office where a link's token is checked (`verify-reset-url/{token}`) and
 * the new password is set (`POST admin-sessions/reset-password`). Built on `PUBLIC_URL`, never
 * on the request's Host header.
 */
export function passwordLinkUrl(publicUrl: string, token: string): string {
  return new URL(`/admin/reset-password/${encodeURIComponent(token)}`, publicUrl).toString();
}

/**
 * Emails a staff user a single-use link to set their password (issue 6 "Staff sign-in"): a new
 * random token (256 bits, stored hashed), valid 60 minutes for a reset and 72 hours for a new
 * user's invitation. The token is a secret of the message (redacted from the stored copy in production).
 */
export async function sendPasswordLink(
  deps: { db: Database; messenger: Messenger; publicUrl: string },
  user: Pick<StaffUserRecord, 'id' | 'email' | 'name'>,
  kind: keyof typeof PASSWORD_LINK_TTL_SECONDS,
): Promise<{ token: string; url: string; expiresAt: Date }> {
  const ttl = PASSWORD_LINK_TTL_SECONDS[kind];
  const { token, expiresAt } = await issueResetToken(deps.db, { area: 'admin', subjectId: user.id }, ttl);
  const url = passwordLinkUrl(deps.publicUrl, token);
  const text =
    kind === 'invite'
      ? `Hello ${user.name}, a Benefit Finder back-office account was created for you. Set your password within 72 hours: ${url}`
      : `Hello ${user.name}, set a new Benefit Finder back-office password within 60 minutes: ${url} If you did not ask for this, ignore this email.`;
  await deps.messenger.send({
    channel: 'email',
    destination: user.email,
    purpose: kind === 'invite' ? 'staff.invite' : 'staff.password_reset',
    subject: kind === 'invite' ? 'Your back-office account' : 'Set a new password',
    text,
    secrets: [token, encodeURIComponent(token)],
    recipient: { area: 'admin', id: user.id },
  });
  return { token, url, expiresAt };
}
