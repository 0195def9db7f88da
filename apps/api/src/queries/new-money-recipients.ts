import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/result-rows.js';

/**
 * The person users who gained a new benefit from an upload's load, asked in the load's own
 * transaction after it (issue 16 rule 7): the benefits of the upload inserted by this transaction
 * (`created_at` is the transaction's `now()`; a known benefit updated keeps its earlier one),
 * read from the person users' side (few beside a file's rows). Read only.
 * @returns person user ids, each once
 */
export async function newMoneyRecipients(tx: Database, fileUploadId: number): Promise<number[]> {
  const result = await tx.execute(sql`
    select coalesce(array_agg(pu.id), '{}') as tell
    from person_users pu
    where exists (
      select 1 from benefits b
      where b.person_id = pu.person_id and b.file_upload_id = ${fileUploadId} and b.created_at = now())`);
  return (rowsOf<{ tell: (string | number)[] }>(result)[0]?.tell ?? []).map(Number);
}
