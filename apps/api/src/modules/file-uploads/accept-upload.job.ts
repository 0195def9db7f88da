import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { fileUploads } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit/audit.service.js';

/** The job queue that loads an accepted upload's valid staging rows. */
export const ACCEPT_UPLOAD_QUEUE = 'file-upload-accept';

/** Rows changed by a statement (PGlite and node-postgres both answer `rowCount`, or `affectedRows`). */
function changed(result: unknown): number {
  const answer = result as { rowCount?: number | null; affectedRows?: number };
  return answer.rowCount ?? answer.affectedRows ?? 0;
}

/**
 * A member file's valid rows into persons and benefits, set-based: persons by ID number (names
 * and contact details refreshed, a missing email or phone keeps the one on record), then benefits
 * by fund, member number and type (a known, still unclaimed benefit gets the new amount). The last
 * row of the file wins for a repeated ID number or benefit.
 * @returns benefits recorded or updated
 */
async function loadMemberFile(tx: Database, id: number, fundId: number): Promise<number> {
  await tx.execute(sql`
    insert into persons (id_number, first_name, last_name, date_of_birth, gender, email, phone_number)
    select distinct on (r.values->>'id_number')
      r.values->>'id_number', r.values->>'first_name', r.values->>'last_name',
      (r.values->>'date_of_birth')::date, r.values->>'gender', r.values->>'email', r.values->>'phone_number'
    from file_upload_rows r
    where r.file_upload_id = ${id} and not r.refused
    order by r.values->>'id_number', r.line desc
    on conflict (id_number) do update set
      first_name = excluded.first_name,
      last_name = excluded.last_name,
      email = coalesce(excluded.email, persons.email),
      phone_number = coalesce(excluded.phone_number, persons.phone_number),
      updated_at = now()`);
  const result = await tx.execute(sql`
    insert into benefits (fund_id, person_id, member_number, benefit_type, amount_cents, file_upload_id)
    select distinct on (r.values->>'member_number', r.values->>'benefit_type')
      ${fundId}::bigint, p.id, r.values->>'member_number', r.values->>'benefit_type',
      (r.values->>'amount_cents')::bigint, ${id}::bigint
    from file_upload_rows r
    join persons p on p.id_number = r.values->>'id_number'
    where r.file_upload_id = ${id} and not r.refused
    order by r.values->>'member_number', r.values->>'benefit_type', r.line desc
    on conflict (fund_id, member_number, benefit_type) do update set
      amount_cents = excluded.amount_cents,
      file_upload_id = excluded.file_upload_id,
      updated_at = now()
    where benefits.status = 'unclaimed'`);
  return changed(result);
}

/** Trace results' valid rows: the contact details found, on the persons known (set-based). */
async function loadTraceResults(tx: Database, id: number): Promise<number> {
  const result = await tx.execute(sql`
    update persons p set
      email = coalesce(r.email, p.email),
      phone_number = coalesce(r.phone_number, p.phone_number),
      updated_at = now()
    from (
      select distinct on (values->>'id_number')
        values->>'id_number' as id_number, values->>'email' as email, values->>'phone_number' as phone_number
      from file_upload_rows
      where file_upload_id = ${id} and not refused
      order by values->>'id_number', line desc
    ) r
    where p.id_number = r.id_number`);
  return changed(result);
}

/**
 * Loads an accepted upload (issue 16 rule 5), all or nothing: one transaction moves the valid
 * staging rows with set-based `INSERT ... SELECT ... ON CONFLICT` and marks the upload `accepted`
 * with its count (audited `file-uploads.loaded`). If anything fails nothing is loaded and the
 * upload is `failed` with a reason.
 */
export async function acceptUpload(db: Database, id: number): Promise<void> {
  const [upload] = await db.select().from(fileUploads).where(eq(fileUploads.id, id));
  if (upload?.status !== 'accepting') return;
  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const importedCount =
        upload.kind === 'member_file' ? await loadMemberFile(tx, id, upload.fundId) : await loadTraceResults(tx, id);
      await tx.update(fileUploads).set({ status: 'accepted', importedCount }).where(eq(fileUploads.id, id));
      await recordAudit(tx, {
        actor: { type: 'system', label: ACCEPT_UPLOAD_QUEUE },
        action: 'file-uploads.loaded',
        entityType: 'file-uploads',
        entityId: id,
        after: { importedCount },
      });
    });
  } catch {
    await db
      .update(fileUploads)
      .set({ status: 'failed', failureReason: 'Loading the rows failed; nothing was loaded.' })
      .where(eq(fileUploads.id, id));
  }
}
