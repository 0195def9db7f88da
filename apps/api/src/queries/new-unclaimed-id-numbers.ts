import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/result-rows.js';

/**
 * Read model for the watchlist (issue 21 item 3, issue 35 item 3): in a member file's load
 * transaction `tx`, the distinct ID numbers of persons without an account who gained a benefit
 * in upload `fileUploadId` in this transaction (`created_at = now()`, the transaction's start).
 * Reads benefits, persons and person_users; writes nothing.
 */
export async function newUnclaimedIdNumbers(tx: Database, fileUploadId: number): Promise<string[]> {
  const found = rowsOf<{ id_number: string }>(
    await tx.execute(sql`
      select distinct p.id_number
      from benefits b join persons p on p.id = b.person_id
      where b.file_upload_id = ${fileUploadId} and b.created_at = now()
        and not exists (select 1 from person_users pu where pu.person_id = p.id)`),
  );
  return found.map((row) => row.id_number);
}
