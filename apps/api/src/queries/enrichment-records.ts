/**
 * Read model (issue 35 item 3): the enrichment look-ups of a fund's persons (spec 7), with the
 * person (enrichment_records, persons, and benefits for the fund). Read only.
 */
import type { EnrichmentRecordListQuery, ListResponse } from '@bcp/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { enrichmentRecords } from '../db/schema/enrichment.js';
import { persons } from '../db/schema/persons.js';
import { listPage, orderBy } from '../platform/lists/list-page.js';
import { idIn, rowsInIdOrder } from '../platform/lists/page-by-ids.js';

const SORT_COLUMNS = {
  id: enrichmentRecords.id,
  checkedAt: enrichmentRecords.checkedAt,
  step: enrichmentRecords.kind,
  status: enrichmentRecords.status,
};

/** Records of persons with a benefit of the fund (results are per person, shared by their funds). */
export function ofFund(fundId: number): SQL {
  // A probe of the index on (fund_id, person_id) per record (issue 25): a scalar subquery is never
  // turned into a join, which on a fund of a million persons would read the whole benefits table.
  return sql`(select b.person_id from benefits b where b.fund_id = ${fundId} and b.person_id = ${enrichmentRecords.personId} limit 1) is not null`;
}

const enrichmentRecordColumns = {
  id: enrichmentRecords.id,
  personId: enrichmentRecords.personId,
  kind: enrichmentRecords.kind,
  status: enrichmentRecords.status,
  result: enrichmentRecords.result,
  details: enrichmentRecords.details,
  failureReason: enrichmentRecords.failureReason,
  provider: enrichmentRecords.provider,
  providerReference: enrichmentRecords.providerReference,
  costCents: enrichmentRecords.costCents,
  lawfulPurpose: enrichmentRecords.lawfulPurpose,
  checkedAt: enrichmentRecords.checkedAt,
  expiresAt: enrichmentRecords.expiresAt,
  createdAt: enrichmentRecords.createdAt,
  updatedAt: enrichmentRecords.updatedAt,
};

/** A look-up with its person (the full ID number: mask it before answering). */
export type EnrichmentRecordRow = typeof enrichmentRecords.$inferSelect & {
  person: { id: number; firstName: string; lastName: string; idNumber: string };
};

/**
 * A page of the look-ups of the fund's persons (filters `step`, `status`, `result`, `personId`;
 * `q` a surname, case-insensitive), in the list envelope, each row as `toItem` makes it.
 */
export async function listEnrichmentRecordRows<Item>(
  db: Database,
  fundId: number,
  query: EnrichmentRecordListQuery,
  toItem: (row: EnrichmentRecordRow) => Item,
): Promise<ListResponse<Item>> {
  const filter = query.filter ?? {};
  const where = and(
    ofFund(fundId),
    filter.step ? eq(enrichmentRecords.kind, filter.step) : undefined,
    filter.status ? eq(enrichmentRecords.status, filter.status) : undefined,
    filter.result ? eq(enrichmentRecords.result, filter.result) : undefined,
    filter.personId ? eq(enrichmentRecords.personId, filter.personId) : undefined,
    query.q ? sql`lower(${persons.lastName}) = lower(${query.q})` : undefined,
  );
  const searching = Boolean(query.q);
  return listPage(query, {
    // The page's ids first (persons joined only to search), then their rows with the person
    // (decision 082): a page far down joins persons for its 25 rows, not for every row it skips.
    rows: async (page) => {
      const ids = db.select({ id: enrichmentRecords.id }).from(enrichmentRecords).$dynamic();
      const pageIds = await (searching ? ids.innerJoin(persons, eq(persons.id, enrichmentRecords.personId)) : ids)
        .where(where)
        .orderBy(...orderBy(query.sort, SORT_COLUMNS, enrichmentRecords.id))
        .limit(page.limit)
        .offset(page.offset);
      return rowsInIdOrder(
        pageIds.map((row) => row.id),
        (idsOfPage) =>
          db
            .select({
              ...enrichmentRecordColumns,
              person: {
                id: persons.id,
                firstName: persons.firstName,
                lastName: persons.lastName,
                idNumber: persons.idNumber,
              },
            })
            .from(enrichmentRecords)
            .innerJoin(persons, eq(persons.id, enrichmentRecords.personId))
            .where(idIn(enrichmentRecords.id, idsOfPage)),
        (row) => row.id,
      );
    },
    count: async () => {
      // The join to persons only when searching by surname: a count reads no more than it needs.
      const counted = db.select({ value: sql<number>`count(*)::int` }).from(enrichmentRecords);
      const [row] = await (searching
        ? counted.innerJoin(persons, eq(persons.id, enrichmentRecords.personId)).where(where)
        : counted.where(where));
      return Number(row?.value ?? 0);
    },
    countKey: { scope: db, key: `enrichment-records:${fundId}:${JSON.stringify(filter)}:${query.q ?? ''}` },
    toItem,
  });
}
