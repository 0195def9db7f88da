import type { ListQuery, ListResponse } from '@bcp/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { hasRows } from '../../db/has-rows.js';
import { accountTypes } from '../../db/schema/account-types.js';
import { listPage, orderBy, searchCondition } from '../../platform/lists/list-page.js';

/** The account-types module's data access (issue 35 item 1): the only file that reads or writes `account_types`. */

/** An `account_types` row. */
export type AccountTypeRecord = typeof accountTypes.$inferSelect;

/** The account type with this id, or `undefined`. */
export async function selectAccountType(db: Database, id: number): Promise<AccountTypeRecord | undefined> {
  const [row] = await db.select().from(accountTypes).where(eq(accountTypes.id, id));
  return row;
}

/** Whether an active account type has this code. */
export async function activeAccountTypeExists(db: Database, code: string): Promise<boolean> {
  return hasRows(db, accountTypes, and(eq(accountTypes.code, code), eq(accountTypes.active, true)));
}

/** Whether any account type (active or not) has this code. */
export async function accountTypeCodeExists(db: Database, code: string): Promise<boolean> {
  return hasRows(db, accountTypes, eq(accountTypes.code, code));
}

/**
 * One page of account types: `filter[active]`; `q` searches code and label; sorted by id, code or
 * label (ties by id). Each row is mapped by `toItem`.
 */
export async function pageAccountTypes<T>(
  db: Database,
  query: ListQuery<'id' | 'code' | 'label', { active?: boolean | undefined }>,
  toItem: (row: AccountTypeRecord) => T,
): Promise<ListResponse<T>> {
  const active = query.filter?.active;
  const where: SQL | undefined = and(
    active === undefined ? undefined : eq(accountTypes.active, active),
    searchCondition(query.q, [accountTypes.code, accountTypes.label]),
  );
  const columns = { id: accountTypes.id, code: accountTypes.code, label: accountTypes.label };
  return listPage(query, {
    rows: (window) =>
      db
        .select()
        .from(accountTypes)
        .where(where)
        .orderBy(...orderBy(query.sort, columns, accountTypes.id))
        .limit(window.limit)
        .offset(window.offset),
    count: async () => db.$count(accountTypes, where),
    toItem,
  });
}

/** Inserts an account type. */
export async function insertAccountType(
  db: Database,
  values: { code: string; label: string; active: boolean },
): Promise<AccountTypeRecord> {
  const [row] = await db.insert(accountTypes).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Sets an account type's label and/or active flag (and `updatedAt`); `undefined` when there is no such type. */
export async function updateAccountTypeRow(
  db: Database,
  id: number,
  changes: { label?: string | undefined; active?: boolean | undefined },
): Promise<AccountTypeRecord | undefined> {
  const [row] = await db
    .update(accountTypes)
    .set({
      ...(changes.label === undefined ? {} : { label: changes.label }),
      ...(changes.active === undefined ? {} : { active: changes.active }),
      updatedAt: new Date(),
    })
    .where(eq(accountTypes.id, id))
    .returning();
  return row;
}

/** Deletes an account type. */
export async function deleteAccountTypeRow(db: Database, id: number): Promise<void> {
  await db.delete(accountTypes).where(eq(accountTypes.id, id));
}
