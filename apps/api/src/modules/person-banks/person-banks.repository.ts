import { and, asc, count, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { personBankAccounts } from '../../db/schema/person-bank-accounts.js';

/**
 * The person-banks module's data access (issue 35 item 1): the only file that reads or writes
 * `person_bank_accounts`.
 */

/** A `person_bank_accounts` row (the number encrypted). */
export type AccountRow = typeof personBankAccounts.$inferSelect;

/** The columns written when an account is added or edited. */
export type AccountValues = Pick<
  AccountRow,
  'bankId' | 'accountType' | 'accountNumberEncrypted' | 'accountNumberLast4' | 'holderName'
>;

/** The person user's accounts not removed, oldest first. */
export async function selectOwnAccounts(db: Database, personUserId: number): Promise<AccountRow[]> {
  return db
    .select()
    .from(personBankAccounts)
    .where(and(eq(personBankAccounts.personUserId, personUserId), isNull(personBankAccounts.removedAt)))
    .orderBy(asc(personBankAccounts.id));
}

/** One of the person user's accounts not removed, or `undefined`. */
export async function selectOwnAccount(
  db: Database,
  personUserId: number,
  accountId: number,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(personBankAccounts)
    .where(
      and(
        eq(personBankAccounts.id, accountId),
        eq(personBankAccounts.personUserId, personUserId),
        isNull(personBankAccounts.removedAt),
      ),
    );
  return row;
}

/** An account by id (removed or not), or `undefined`. */
export async function selectAccount(db: Database, accountId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(personBankAccounts).where(eq(personBankAccounts.id, accountId));
  return row;
}

/** The ids of every account of the person user (removed ones too). */
export async function selectAccountIdsOfPersonUser(db: Database, personUserId: number): Promise<number[]> {
  const rows = await db
    .select({ id: personBankAccounts.id })
    .from(personBankAccounts)
    .where(eq(personBankAccounts.personUserId, personUserId));
  return rows.map((row) => row.id);
}

/** Inserts an account. @returns its id */
export async function insertAccount(db: Database, personUserId: number, values: AccountValues): Promise<number> {
  const [row] = await db
    .insert(personBankAccounts)
    .values({ personUserId, ...values })
    .returning({ id: personBankAccounts.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Overwrites an account's bank, type, number and holder. */
export async function updateAccount(db: Database, accountId: number, values: AccountValues): Promise<void> {
  await db.update(personBankAccounts).set(values).where(eq(personBankAccounts.id, accountId));
}

/** Marks an account removed now. */
export async function markAccountRemoved(db: Database, accountId: number): Promise<void> {
  await db.update(personBankAccounts).set({ removedAt: new Date() }).where(eq(personBankAccounts.id, accountId));
}

/** Deletes these accounts. @returns how many */
export async function deleteAccounts(db: Database, accountIds: readonly number[]): Promise<number> {
  if (accountIds.length === 0) return 0;
  const rows = await db
    .delete(personBankAccounts)
    .where(inArray(personBankAccounts.id, [...accountIds]))
    .returning({ id: personBankAccounts.id });
  return rows.length;
}

/** Marks every account of the person user not yet removed as removed now. @returns how many */
export async function markAllAccountsRemoved(db: Database, personUserId: number): Promise<number> {
  const rows = await db
    .update(personBankAccounts)
    .set({ removedAt: new Date() })
    .where(and(eq(personBankAccounts.personUserId, personUserId), isNull(personBankAccounts.removedAt)))
    .returning({ id: personBankAccounts.id });
  return rows.length;
}

/** How many accounts (removed ones too) have this account type code. */
export async function countAccountsOfType(db: Database, code: string): Promise<number> {
  return db.$count(personBankAccounts, eq(personBankAccounts.accountType, code as AccountRow['accountType']));
}

/**
 * The other accounts (any member's, removed ones too) of bank `bankId` whose number ends in `last4`,
 * but `exceptId`: the candidates for "the same account" (numbers are stored encrypted with a random
 * IV, so the caller decrypts `encrypted` and compares; decision 040).
 */
export async function selectAccountsEndingIn(
  db: Database,
  account: { bankId: number; last4: string; exceptId: number },
): Promise<{ id: number; personUserId: number; encrypted: string }[]> {
  return db
    .select({
      id: personBankAccounts.id,
      personUserId: personBankAccounts.personUserId,
      encrypted: personBankAccounts.accountNumberEncrypted,
    })
    .from(personBankAccounts)
    .where(
      and(
        eq(personBankAccounts.bankId, account.bankId),
        eq(personBankAccounts.accountNumberLast4, account.last4),
        ne(personBankAccounts.id, account.exceptId),
      ),
    );
}

/**
 * How many accounts of the person user (removed ones too), other than `exceptId`, were added at or
 * before `notAfter`.
 */
export async function countAccountsAddedBy(
  db: Database,
  personUserId: number,
  exceptId: number,
  notAfter: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(personBankAccounts)
    .where(
      and(
        eq(personBankAccounts.personUserId, personUserId),
        ne(personBankAccounts.id, exceptId),
        lte(personBankAccounts.createdAt, notAfter),
      ),
    );
  return row?.n ?? 0;
}

/** Up to `limit` accounts (removed ones too) with id above `afterId`, by id: their encrypted numbers (key rotation). */
export async function selectEncryptedAccountNumbers(
  db: Database,
  afterId: number,
  limit: number,
): Promise<{ id: number; accountNumberEncrypted: string }[]> {
  return db
    .select({ id: personBankAccounts.id, accountNumberEncrypted: personBankAccounts.accountNumberEncrypted })
    .from(personBankAccounts)
    .where(gt(personBankAccounts.id, afterId))
    .orderBy(asc(personBankAccounts.id))
    .limit(limit);
}

/**
 * Replaces account `id`'s encrypted number with `next` if it is still `previous` (an edit made
 * meanwhile wins). Whether the row was written.
 */
export async function replaceEncryptedAccountNumber(
  db: Database,
  id: number,
  previous: string,
  next: string,
): Promise<boolean> {
  const rows = await db
    .update(personBankAccounts)
    // Not an edit: `updated_at` keeps its value.
    .set({ accountNumberEncrypted: next, updatedAt: sql`${personBankAccounts.updatedAt}` })
    .where(and(eq(personBankAccounts.id, id), eq(personBankAccounts.accountNumberEncrypted, previous)))
    .returning({ id: personBankAccounts.id });
  return rows.length > 0;
}
