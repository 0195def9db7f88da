import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Database } from '../../db/client.js';
import type { StaffAccess } from '../rbac/staff-access.js';

/**
 * A short-lived cache of verified staff sessions with their user's roles and permissions
 * (issue 25, decision 029), so that a back-office request does not read the session, the user and
 * the roles from PostgreSQL every time. Correctness comes from a version number, not from the
 * time to live: every change that can take access away (sign-out, a session revoked, a password
 * reset, a user deactivated or deleted, a role's permissions or a user's roles changed) bumps it
 * after its transaction commits, and every request reads it first, so the next request anywhere
 * sees the change.
 * - With `REDIS_URL` the version is a Redis key (`INCR` to bump, one `GET` a request), shared by
 *   every API process; if Redis does not answer, the request reads PostgreSQL as before.
 * - On the embedded database (PGlite, one process by nature) it is a number in memory.
 * - On PostgreSQL without Redis there may be other processes nobody can tell: no cache.
 * Only verified sessions are cached; an entry lives at most `STAFF_AUTH_CACHE_SECONDS` and never
 * past its session's absolute expiry, so `last_seen_at` (idle time) is still refreshed.
 */
export const STAFF_AUTH_CACHE_SECONDS = 10;

/** At most this many cached sessions per process (then the cache starts again empty). */
const MAX_ENTRIES = 10_000;

const VERSION_KEY = 'bcp:staff-auth-version';

/** The session of a cached entry (an `ActiveSession` of sessions.ts). */
interface CachedSession {
  id: number;
  subjectId: number;
  verified: boolean;
  expiresAt: Date;
}

/** A cached verified staff session with what its user may do. */
export interface CachedStaff {
  session: CachedSession;
  access: StaffAccess;
}

interface Entry extends CachedStaff {
  version: string;
  until: number;
}

/** The cache of one app (see the module comment). */
export interface StaffAuthCache {
  /** The current version, or undefined when it cannot be read (then nothing is cached or served). */
  version(): Promise<string | undefined>;
  /** The entry of a token hash cached under `version`, still within its time. */
  get(tokenHash: string, version: string, now: number): CachedStaff | undefined;
  /** Caches a verified session read under `version`. */
  set(tokenHash: string, version: string, staff: CachedStaff, now: number): void;
  /** Drops every cached entry, in this process and in every other one. */
  invalidate(): Promise<void>;
  close(): Promise<void>;
}

function localEntries() {
  const entries = new Map<string, Entry>();
  return {
    get(tokenHash: string, version: string, now: number): CachedStaff | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.version === version && entry.until > now) return entry;
      entries.delete(tokenHash);
      return undefined;
    },
    set(tokenHash: string, version: string, staff: CachedStaff, now: number): void {
      if (!staff.session.verified) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const until = Math.min(now + STAFF_AUTH_CACHE_SECONDS * 1000, staff.session.expiresAt.getTime());
      entries.set(tokenHash, { ...staff, version, until });
    },
    clear: () => entries.clear(),
  };
}

/**
 * Creates the cache for an app: shared through Redis when `redisUrl` is set, in memory on the
 * embedded database, none on PostgreSQL without Redis (undefined).
 */
export function createStaffAuthCache(deps: {
  redisUrl: string | undefined;
  databaseKind: 'pglite' | 'postgres';
  log: FastifyBaseLogger;
}): StaffAuthCache | undefined {
  const entries = localEntries();
  if (!deps.redisUrl) {
    if (deps.databaseKind !== 'pglite') return undefined;
    let version = 0;
    return {
      version: async () => String(version),
      get: entries.get,
      set: entries.set,
      async invalidate() {
        version += 1;
        entries.clear();
      },
      async close() {
        entries.clear();
      },
    };
  }
  // No offline queue: while Redis is away a command fails at once and the request reads PostgreSQL.
  const redis = new Redis(deps.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', (error: Error) => deps.log.warn({ error: error.message }, 'staff sessions cache: Redis error'));
  return {
    async version() {
      try {
        return (await redis.get(VERSION_KEY)) ?? '0';
      } catch {
        return undefined;
      }
    },
    get: entries.get,
    set: entries.set,
    async invalidate() {
      entries.clear();
      try {
        await redis.incr(VERSION_KEY);
      } catch (error) {
        deps.log.error(
          { error: (error as Error).message },
          `staff sessions cache: cannot bump the version in Redis; other processes may allow a change up to ${STAFF_AUTH_CACHE_SECONDS} s late`,
        );
      }
    },
    async close() {
      entries.clear();
      redis.disconnect();
    },
  };
}

const caches = new WeakMap<Database, StaffAuthCache>();

/** Makes `cache` the one of `db` (the app's database), for `staffAccessChanged` and the admin guard. */
export function registerStaffAuthCache(db: Database, cache: StaffAuthCache | undefined): void {
  if (cache) caches.set(db, cache);
  else caches.delete(db);
}

/** The cache of `db`, if it has one (a transaction's `tx` never has: bump after the commit). */
export function staffAuthCacheOf(db: Database): StaffAuthCache | undefined {
  return caches.get(db);
}

/**
 * Call after a committed change that can take staff access away (a session revoked, a user's roles
 * or active flag, a role's permissions): drops the cached sessions in every process.
 */
export async function staffAccessChanged(db: Database): Promise<void> {
  await caches.get(db)?.invalidate();
}

/** Runs `change` (which may open a transaction), then, committed or not, drops the cached sessions everywhere. */
export async function changingStaffAccess<T>(db: Database, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } finally {
    await staffAccessChanged(db);
  }
}
