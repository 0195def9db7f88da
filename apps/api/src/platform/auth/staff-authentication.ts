import type { Database } from '../../db/client.js';
import { loadStaffAccess, type StaffAccess } from '../rbac/staff-access.js';
import { type ActiveSession, findActiveSession, hashToken } from './sessions.js';
import { staffAuthCacheOf } from './staff-auth-cache.js';

/** A live staff session of an active user, with what the user may do. */
export interface AuthenticatedStaff {
  session: Pick<ActiveSession, 'id' | 'subjectId' | 'verified' | 'expiresAt'>;
  access: StaffAccess;
}

/**
 * The live admin session behind `token` and its active user's access, or undefined (unknown,
 * revoked, expired or idle session; inactive or deleted user). Served from the staff sessions
 * cache (decision 029) when the app has one and the entry is of the current version; otherwise
 * read from PostgreSQL (session, user, roles) and, for a verified session, cached.
 */
export async function authenticateStaff(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<AuthenticatedStaff | undefined> {
  const cache = staffAuthCacheOf(db);
  const version = cache ? await cache.version() : undefined;
  const tokenHash = version === undefined ? '' : hashToken(token);
  const cached = version === undefined ? undefined : cache?.get(tokenHash, version, now.getTime());
  if (cached) return cached;
  const session = await findActiveSession(db, token, 'admin', now);
  const access = session && (await loadStaffAccess(db, session.subjectId));
  if (!session || !access?.active) return undefined;
  const found = { session, access };
  if (version !== undefined) cache?.set(tokenHash, version, found, now.getTime());
  return found;
}
