import type { InvoiceListQuery, ListResponse } from '@bcp/contract';
import { and, desc, eq, ilike, like, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { funds } from '../db/schema/funds.js';
import { invoices } from '../db/schema/invoices.js';
import { listPage, orderBy } from '../platform/lists/list-page.js';

/*
 * Read model (issue 35 item 3): invoices and credit notes with the fund each is addressed to
 * (invoices, funds), as the back office shows one, lists them and exports them (issue 18). Reads only.
 */

/** The fund an invoice is addressed to, as the invoice screens show it. */
export type InvoiceFund = { id: number; name: string; registrationNumber: string };

/** An invoice's row with its fund (amounts in cents). */
export type InvoiceWithFund = { row: typeof invoices.$inferSelect; fund: InvoiceFund };

/**
 * The number search as a LIKE pattern: `caseInsensitive` compares with ILIKE, otherwise LIKE
 * (the invoices module decides the pattern: it knows the series of its numbers).
 */
export type InvoiceNumberPattern = { pattern: string; caseInsensitive: boolean };

/** The list's filters (fund, status, kind) and number search. */
export type InvoiceListFilter = Pick<NonNullable<InvoiceListQuery['filter']>, 'fundId' | 'status' | 'kind'> & {
  number?: InvoiceNumberPattern | undefined;
};

const fundColumns = { id: funds.id, name: funds.name, registrationNumber: funds.registrationNumber };
const SORT_COLUMNS = { id: invoices.id, issueDate: invoices.issueDate, totalCents: invoices.totalCents };

function selectWithFund(db: Database) {
  return db.select({ row: invoices, fund: fundColumns }).from(invoices).innerJoin(funds, eq(funds.id, invoices.fundId));
}

/** The filter as one condition (undefined: every invoice). */
function conditionOf(filter: InvoiceListFilter): SQL | undefined {
  const number = filter.number;
  return and(
    filter.fundId ? eq(invoices.fundId, filter.fundId) : undefined,
    filter.status ? eq(invoices.status, filter.status) : undefined,
    filter.kind ? eq(invoices.kind, filter.kind) : undefined,
    number
      ? number.caseInsensitive
        ? ilike(invoices.number, number.pattern)
        : like(invoices.number, number.pattern)
      : undefined,
  );
}

/** One invoice or credit note with its fund, or `undefined`. */
export async function findInvoiceWithFund(db: Database, id: number): Promise<InvoiceWithFund | undefined> {
  const [found] = await selectWithFund(db).where(eq(invoices.id, id));
  return found;
}

/**
 * A page of invoices and credit notes with their funds (newest first unless `query.sort` says
 * otherwise: id, issueDate, totalCents), in the one list envelope. The total is reused for a few
 * seconds per filter and search (`countKey`).
 */
export async function listInvoicesWithFunds(
  db: Database,
  query: Pick<InvoiceListQuery, 'page' | 'pageSize' | 'sort' | 'filter' | 'q'>,
  filter: InvoiceListFilter,
): Promise<ListResponse<InvoiceWithFund>> {
  const where = conditionOf(filter);
  return listPage(query, {
    rows: (window) =>
      selectWithFund(db)
        .where(where)
        .orderBy(...orderBy(query.sort, SORT_COLUMNS, invoices.id))
        .limit(window.limit)
        .offset(window.offset),
    count: async () => db.$count(invoices, where),
    countKey: { scope: db, key: `invoices:${JSON.stringify(query.filter ?? {})}:${query.q ?? ''}` },
    toItem: (found) => found,
  });
}

/**
 * The export's pages (for `keysetRows`): up to `batchSize` invoices of the filter with ids below
 * `after` (all when undefined), newest first, each with its fund and its id.
 */
export function invoiceExportPages(
  db: Database,
  filter: InvoiceListFilter,
): (after: number | undefined, batchSize: number) => Promise<(InvoiceWithFund & { id: number })[]> {
  const condition = conditionOf(filter);
  return (after, batchSize) =>
    db
      .select({ id: invoices.id, row: invoices, fund: fundColumns })
      .from(invoices)
      .innerJoin(funds, eq(funds.id, invoices.fundId))
      .where(and(condition, after === undefined ? undefined : lt(invoices.id, after)))
      .orderBy(desc(invoices.id))
      .limit(batchSize);
}
