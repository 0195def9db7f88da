import type { CursorListResponse, HistoricAccountListQuery, HistoricAccountResponse } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { selectHistoricAccounts } from '../../queries/historic-accounts.js';

/**
 * Bank accounts recorded for persons (spec 7 `GET historic-accounts`, issue 8), read-only, newest
 * first in cursor pages (issue 15 item 5: an index range scan, no OFFSET, no count): `filter[personId]`, `filter[personUserId]`, `filter[bankId]`,
 * `filter[accountType]`, `filter[removed]`, `filter[last4]`; `q` searches the holder's and the
 * person's names. Account numbers are masked (`******7890`) and ID numbers too. The joins live in
 * the read model queries/historic-accounts.ts.
 * @throws AppError `validation` (422, `cursor`) for a cursor this server did not give
 */
export async function listHistoricAccounts(
  db: Database,
  query: HistoricAccountListQuery,
): Promise<CursorListResponse<HistoricAccountResponse>> {
  return selectHistoricAccounts(db, query);
}
