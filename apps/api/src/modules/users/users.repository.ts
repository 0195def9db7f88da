import type { SortTerm } from '@bcp/contract';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { hasRows } from '../../db/has-rows.js';
import { users } from '../../db/schema/users.js';
import { orderBy, searchCondition } from '../../platform/lists/list-page.js';

/*
 * The users module's data access (issue 35 item 1): the only file that reads or writes `users`.
 * Deleted users keep their row (audit trails and tasks name them) and are hidden unless said.
 */

/** A row of `users`. */
export type StaffUserRecord = typeof users.$inferSelect;
/** The columns a new staff user is written with. */
export type NewStaffUser = typeof users.$inferInsert;

const notDeleted = isNull(users.deletedAt);

/** A staff user who is not deleted, by id. */
export async function findStaffUserById(db: Database, id: number): Promise<StaffUserRecord | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), notDeleted));
  return row;
}

/** A staff user's id, email and active flag, by id; `undefined` when unknown or deleted (for platform's staff access). */
export async function findStaffAccount(
  db: Database,
  id: number,
): Promise<{ id: number; email: string; active: boolean } | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, active: users.active })
    .from(users)
    .where(and(eq(users.id, id), notDeleted));
  return row;
}

/** A staff user who is not deleted, by email (trimmed, any case). */
export async function findStaffUserByEmail(db: Database, email: string): Promise<StaffUserRecord | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), notDeleted));
  return row;
}

/** Which staff users the list shows: `userIds` limits it to those ids (e.g. holders of a role). */
export interface StaffUserFilter {
  active?: boolean | undefined;
  userIds?: readonly number[] | undefined;
  q?: string | undefined;
}

/** The sort keys of the staff user list. */
export type StaffUserSort = 'id' | 'email' | 'name' | 'createdAt' | 'lastSignInAt';

/**
 * The staff users (not deleted) matching `filter`, as a page reader for `listPage`: `rows` reads a
 * window sorted by `sort` (then id), `count` counts every match.
 */
export function staffUserPages(
  db: Database,
  filter: StaffUserFilter,
  sort: readonly SortTerm<StaffUserSort>[],
): { rows: (window: { limit: number; offset: number }) => Promise<StaffUserRecord[]>; count: () => Promise<number> } {
  const where: SQL | undefined = and(
    notDeleted,
    filter.active === undefined ? undefined : eq(users.active, filter.active),
    filter.userIds === undefined ? undefined : inArray(users.id, [...filter.userIds]),
    searchCondition(filter.q, [users.email, users.name]),
  );
  const columns = {
    id: users.id,
    email: users.email,
    name: users.name,
    createdAt: users.createdAt,
    lastSignInAt: users.lastSignInAt,
  };
  return {
    rows: (window) =>
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(...orderBy(sort, columns, users.id))
        .limit(window.limit)
        .offset(window.offset),
    count: () => db.$count(users, where),
  };
}

/** Writes a new staff user and returns the row. */
export async function insertStaffUser(db: Database, values: NewStaffUser): Promise<StaffUserRecord> {
  const [user] = await db.insert(users).values(values).returning();
  if (!user) throw new Error('insert returned no row');
  return user;
}

/** Changes the given fields of staff user `id` (and `updatedAt`); undefined when there is no such row. */
export async function updateStaffUserRow(
  db: Database,
  id: number,
  changes: Partial<Pick<StaffUserRecord, 'email' | 'name' | 'phoneNumber' | 'twoFactorMethod' | 'active'>>,
): Promise<StaffUserRecord | undefined> {
  const [updated] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return updated;
}

/** Hides staff user `id` (deleted and inactive); the row stays for the trails naming it. */
export async function markStaffUserDeleted(db: Database, id: number): Promise<void> {
  await db.update(users).set({ deletedAt: new Date(), active: false }).where(eq(users.id, id));
}

/** Sets a staff user's password hash (now changed) and clears their failed sign-ins. */
export async function setStaffPasswordHash(db: Database, id: number, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, passwordChangedAt: now, failedLoginCount: 0 }).where(eq(users.id, id));
}

/** Counts one more failed sign-in of staff user `id`. */
export async function countFailedSignIn(db: Database, id: number): Promise<void> {
  await db
    .update(users)
    .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
    .where(eq(users.id, id));
}

/** Clears the failed sign-ins of staff user `id`. */
export async function clearFailedSignIns(db: Database, id: number): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0 }).where(eq(users.id, id));
}

/** Records when staff user `id` last signed in. */
export async function recordStaffSignIn(db: Database, id: number, at: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, id));
}

/** Whether the database has any staff user (deleted ones included). */
export async function anyStaffUser(db: Database): Promise<boolean> {
  return hasRows(db, users);
}

/** Staff users' `{ id, name, email }` by id (deleted ones included); ids not found are left out. */
export async function staffUsersByIds(
  db: Database,
  ids: readonly number[],
): Promise<{ id: number; name: string; email: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** Every staff user (deleted ones included) as `{ id, name, email }`, by name, at most `limit`. */
export async function staffUsersByName(
  db: Database,
  limit: number,
): Promise<{ id: number; name: string; email: string }[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
}

/** Whether staff user `id` exists, is active and not deleted (may be given work). */
export async function isActiveStaffUser(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.active, true), notDeleted));
  return row !== undefined;
}
