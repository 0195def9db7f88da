import type { Database } from '../../db/client.js';
import { selectMemberNames } from '../../queries/member-accounts.js';

/** Members' names (`First Last`) by member account id (person_users.id), for the audit log (issue 36 item 5). */
export async function memberNames(db: Database, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  return selectMemberNames(db, wanted);
}
