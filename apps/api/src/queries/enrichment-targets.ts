/**
 * Read model (issue 35 item 3): the persons an enrichment run covers (issue 17), found through the
 * fund's or the upload's benefits and, for a rerun of failures, the enrichment records. Read only.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/result-rows.js';

/** What decides a run's persons. */
export interface EnrichmentRunScope {
  fundId: number;
  fileUploadId: number | null;
  scope: string;
  steps: string[];
  personIds: number[] | null;
}

/**
 * The persons a run covers, by id (ascending): an upload's run the persons of the upload's
 * benefits; `failed` the fund's persons whose first step failed; `selected` the given persons of
 * the fund; else every person with a benefit of the fund.
 */
export async function enrichmentTargetPersonIds(db: Database, run: EnrichmentRunScope): Promise<number[]> {
  let result: unknown;
  if (run.fileUploadId !== null) {
    result = await db.execute(
      sql`select distinct person_id as id from benefits where file_upload_id = ${run.fileUploadId} order by 1`,
    );
  } else if (run.scope === 'failed') {
    result = await db.execute(sql`
      select distinct r.person_id as id from enrichment_records r
      join benefits b on b.person_id = r.person_id and b.fund_id = ${run.fundId}
      where r.kind = ${run.steps[0]} and r.status = 'failed' order by 1`);
  } else {
    const selected = run.scope === 'selected' ? (run.personIds ?? []) : null;
    result = await db.execute(sql`
      select distinct person_id as id from benefits where fund_id = ${run.fundId}
      ${
        selected
          ? sql`and person_id in (${sql.join(
              selected.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }
      order by 1`);
  }
  return rowsOf<{ id: string | number }>(result).map((row) => Number(row.id));
}
