/**
 * Read model (issue 35 item 3): the back office's list of members' bank accounts (historic
 * accounts) with their person and bank: joins person-banks', person-users', persons' and banks'
 * tables. Read only.
 */
import {
  type CursorListResponse,
  type HistoricAccountListQuery,
  type HistoricAccountResponse,
  maskAccountNumber,
  maskSaIdNumber,
} from '@bcp/contract';
import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { banks } from '../db/schema/banks.js';
import { personBankAccounts } from '../db/schema/person-bank-accounts.js';
import { personUsers } from '../db/schema/person-users.js';
import { persons } from '../db/schema/persons.js';
import { afterCursor, cursorPage } from '../platform/lists/cursor.js';
import { searchCondition } from '../platform/lists/list-page.js';

/**
 * Only masked columns: the encrypted number is never read here, so no full account number can
 * reach the back office through this list.
 */
const columns = {
  id: personBankAccounts.id,
  personId: persons.id,
  personUserId: personUsers.id,
  firstName: persons.firstName,
  lastName: persons.lastName,
  idNumber: persons.idNumber,
  bankId: banks.id,
  bankName: banks.name,
  universalBranchCode: banks.universalBranchCode,
  accountType: personBankAccounts.accountType,
  last4: personBankAccounts.accountNumberLast4,
  holderName: personBankAccounts.holderName,
  removedAt: personBankAccounts.removedAt,
  createdAt: personBankAccounts.createdAt,
};

/**
 * Bank accounts recorded for persons (spec 7 `GET historic-accounts`, issue 8), read-only, newest
 * first in cursor pages (issue 15 item 5: an index range scan, no OFFSET, no count): `filter[personId]`, `filter[personUserId]`, `filter[bankId]`,
 * `filter[accountType]`, `filter[removed]`, `filter[last4]`; `q` searches the holder's and the
 * person's names. Account numbers are masked (`******7890`) and ID numbers too.
 * @throws AppError `validation` (422, `cursor`) for a cursor this server did not give
 */
export async function selectHistoricAccounts(
  db: Database,
  query: HistoricAccountListQuery,
): Promise<CursorListResponse<HistoricAccountResponse>> {
  const filter = query.filter ?? {};
  const where: SQL | undefined = and(
    filter.personId ? eq(persons.id, filter.personId) : undefined,
    filter.personUserId ? eq(personUsers.id, filter.personUserId) : undefined,
    filter.bankId ? eq(banks.id, filter.bankId) : undefined,
    filter.accountType ? sql`${personBankAccounts.accountType} = ${filter.accountType}` : undefined,
    filter.removed === undefined
      ? undefined
      : filter.removed
        ? isNotNull(personBankAccounts.removedAt)
        : isNull(personBankAccounts.removedAt),
    filter.last4 ? eq(personBankAccounts.accountNumberLast4, filter.last4) : undefined,
    searchCondition(query.q, [personBankAccounts.holderName, persons.firstName, persons.lastName]),
  );
  const joined = () =>
    db
      .select(columns)
      .from(personBankAccounts)
      .innerJoin(personUsers, eq(personUsers.id, personBankAccounts.personUserId))
      .innerJoin(persons, eq(persons.id, personUsers.personId))
      .innerJoin(banks, eq(banks.id, personBankAccounts.bankId));
  const direction = query.sort[0]?.direction ?? 'desc';
  const rows = await joined()
    .where(and(where, afterCursor(personBankAccounts.id, direction, query.cursor)))
    .orderBy(direction === 'desc' ? desc(personBankAccounts.id) : asc(personBankAccounts.id))
    .limit(query.pageSize + 1);
  return cursorPage(rows, query.pageSize, (row) => ({
    id: row.id,
    person: {
      id: row.personId,
      personUserId: row.personUserId,
      name: `${row.firstName} ${row.lastName}`.trim(),
      idNumberMasked: maskSaIdNumber(row.idNumber),
    },
    bank: { id: row.bankId, name: row.bankName, universalBranchCode: row.universalBranchCode },
    accountType: row.accountType,
    accountNumberMasked: maskAccountNumber(row.last4),
    holderName: row.holderName,
    source: 'member' as const,
    removed: row.removedAt !== null,
    recordedAt: row.createdAt.toISOString(),
  }));
}
