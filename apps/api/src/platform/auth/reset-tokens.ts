import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { passwordResetTokens } from '../../db/schema/one-time-pins.js';
import { hashToken, type SessionArea } from './sessions.js';

/**
 * Password reset tokens of both areas (members: after a reset PIN; staff: in an emailed link):
 * 32 random bytes (256 bits, base64url), stored only as their SHA-256, single use, short-lived.
 */

/**
 * Issues a token that lets `subjectId` of `area` set a new password for `ttlSeconds`.
 * @returns the token (give it out once; only its hash is kept) and when it expires
 */
export async function issueResetToken(
  db: Database,
  subject: { area: SessionArea; subjectId: number },
  ttlSeconds: number,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db
    .insert(passwordResetTokens)
    .values({ subjectArea: subject.area, subjectId: subject.subjectId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt };
}

function usable(area: SessionArea, token: string, now: Date) {
  return and(
    eq(passwordResetTokens.tokenHash, hashToken(token)),
    eq(passwordResetTokens.subjectArea, area),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
}

/** The subject of a token that is still usable (not used, not expired, of `area`), without using it. */
export async function findResetToken(
  db: Database,
  area: SessionArea,
  token: string,
  now: Date = new Date(),
): Promise<{ subjectId: number; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ subjectId: passwordResetTokens.subjectId, expiresAt: passwordResetTokens.expiresAt })
    .from(passwordResetTokens)
    .where(usable(area, token, now));
  return row;
}

/**
 * Uses a token up (atomically: of two concurrent uses only one succeeds).
 * @returns its subject, or undefined for an unknown, used, expired or other-area token
 */
export async function consumeResetToken(
  db: Database,
  area: SessionArea,
  token: string,
  now: Date = new Date(),
): Promise<number | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(usable(area, token, now))
    .returning({ subjectId: passwordResetTokens.subjectId });
  return row?.subjectId;
}
