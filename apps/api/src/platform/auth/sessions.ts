import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions } from '../../db/schema/sessions.js';
import { staffAccessChanged } from './staff-auth-cache.js';

export type SessionArea = 'admin' | 'beneficiary';

/**
 * Session lifetimes in seconds (README "Sessions"). Members: 30 minutes idle, 24 hours at most;
 * staff: 30 minutes idle, 12 hours at most (issue 6).
 */
export const SESSION_POLICY: Record<SessionArea, { idleSeconds: number; absoluteSeconds: number }> = {
  beneficiary: { idleSeconds: 30 * 60, absoluteSeconds: 24 * 60 * 60 },
  admin: { idleSeconds: 30 * 60, absoluteSeconds: 12 * 60 * 60 },
};

/** `last_seen_at` is written at most this often, in seconds (not on every request). */
const TOUCH_INTERVAL_SECONDS = 60;

export interface ActiveSession {
  id: number;
  area: SessionArea;
  subjectId: number;
  verified: boolean;
  /** The absolute expiry (a cached staff session never outlives it). */
  expiresAt: Date;
}

/** SHA-256 (hex) of a token: what the database keeps instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Starts a session: a new random token (32 bytes, base64url) stored only as its hash.
 * @returns the token (give it to the client once) and the session id
 */
export async function createSession(
  db: Database,
  input: { area: SessionArea; subjectId: number; ip?: string; userAgent?: string; now?: Date },
): Promise<{ token: string; sessionId: number }> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      area: input.area,
      subjectId: input.subjectId,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 300),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_POLICY[input.area].absoluteSeconds * 1000),
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('insert returned no row');
  return { token, sessionId: row.id };
}

/**
 * The live session for a token in an area: not revoked, before its absolute expiry, and used
 * within the idle time. A token of the other area is never found. Refreshes `last_seen_at`.
 */
export async function findActiveSession(
  db: Database,
  token: string,
  area: SessionArea,
  now: Date = new Date(),
): Promise<ActiveSession | undefined> {
  const idleSince = new Date(now.getTime() - SESSION_POLICY[area].idleSeconds * 1000);
  const [row] = await db
    .select({
      id: sessions.id,
      area: sessions.area,
      subjectId: sessions.subjectId,
      verified: sessions.verified,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        eq(sessions.area, area),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
      ),
    );
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_SECONDS * 1000) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  return { id: row.id, area: row.area, subjectId: row.subjectId, verified: row.verified, expiresAt: row.expiresAt };
}

/** Marks a session's sign-in PIN as entered. */
export async function markSessionVerified(db: Database, sessionId: number, now: Date = new Date()): Promise<void> {
  await db.update(sessions).set({ verified: true, verifiedAt: now }).where(eq(sessions.id, sessionId));
}

/**
 * Ends one session (e.g. logout); a staff session also leaves the staff sessions cache of every
 * process (`staffAccessChanged`; inside a transaction the caller does that after the commit).
 */
export async function revokeSession(db: Database, sessionId: number, reason: string): Promise<void> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ area: sessions.area });
  if (ended.some((session) => session.area === 'admin')) await staffAccessChanged(db);
}

/**
 * Ends every live session of a person user or staff user (password changed, deactivated),
 * optionally keeping one. Staff sessions also leave the staff sessions cache of every process
 * (inside a transaction the caller does that after the commit: `changingStaffAccess`).
 * @returns how many sessions ended
 */
export async function revokeSubjectSessions(
  db: Database,
  area: SessionArea,
  subjectId: number,
  reason: string,
  exceptSessionId?: number,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.area, area),
        eq(sessions.subjectId, subjectId),
        isNull(sessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  if (area === 'admin' && rows.length > 0) await staffAccessChanged(db);
  return rows.length;
}

/** A `sessions` row as stored (the token only as its hash). */
export type SessionRow = typeof sessions.$inferSelect;

/**
 * The sessions of one person user or staff user, live or ended, newest first, at most `limit`
 * (e.g. what the back office shows of a member account, issue 18).
 */
export async function listSubjectSessions(
  db: Database,
  area: SessionArea,
  subjectId: number,
  limit: number,
): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.area, area), eq(sessions.subjectId, subjectId)))
    .orderBy(desc(sessions.id))
    .limit(limit);
}

/**
 * The condition "this session ended before `cutoff`": it expired, was revoked, or sat idle past its
 * area's idle time (SESSION_POLICY) before then. Used by the retention purge (issue 15 item 4).
 */
export function sessionEndedBefore(cutoff: Date): SQL {
  const idleEnded = (Object.keys(SESSION_POLICY) as SessionArea[]).map((area) =>
    and(
      eq(sessions.area, area),
      lt(sessions.lastSeenAt, new Date(cutoff.getTime() - SESSION_POLICY[area].idleSeconds * 1000)),
    ),
  );
  return or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff), ...idleEnded) as SQL;
}
