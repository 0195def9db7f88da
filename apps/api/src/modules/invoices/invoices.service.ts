import {
  centsToRandString,
  INVOICE_MESSAGES,
  type InvoiceCreateRequest,
  type InvoiceExportQuery,
  type InvoiceListQuery,
  type InvoiceListResponse,
  type InvoiceResponse,
  type InvoiceSummaryResponse,
  type InvoiceUpdateRequest,
  payoutDate,
} from '@bcp/contract';
import { and, asc, desc, eq, ilike, inArray, like, lt, type SQL, sql } from 'drizzle-orm';
import type { InvoiceSupplierConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { funds, invoiceCounters, invoiceLines, invoices } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import {
  countRows,
  type ExportColumn,
  keysetRows,
  streamTable,
  type TableExport,
} from '../../platform/exports/table-export.js';
import { listPage, orderBy } from '../../platform/lists/list-page.js';
import { findBillableLines } from '../../queries/billable-claims.js';
import { renderInvoicePdf } from './invoice-pdf.js';

type InvoiceRow = typeof invoices.$inferSelect;
type LineRow = typeof invoiceLines.$inferSelect;
type FundSummary = { id: number; name: string; registrationNumber: string };

const fundColumns = { id: funds.id, name: funds.name, registrationNumber: funds.registrationNumber };
const PREFIX = { invoice: 'INV', credit_note: 'CN' } as const;

/** An invoice's number in its series: `INV-000042`, `CN-000003`. */
export function invoiceNumber(kind: InvoiceRow['kind'], value: number): string {
  return `${PREFIX[kind]}-${String(value).padStart(6, '0')}`;
}

function toSummary(row: InvoiceRow, fund: FundSummary, creditNoteId: number | null): InvoiceSummaryResponse {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    number: row.number,
    fund,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    issueDate: row.issueDate,
    subtotalCents: row.subtotalCents,
    vatCents: row.vatCents,
    totalCents: row.totalCents,
    notes: row.notes,
    creditedInvoiceId: row.creditedInvoiceId,
    creditReason: row.creditReason,
    creditNoteId,
    createdAt: row.createdAt.toISOString(),
    issuedAt: row.issuedAt?.toISOString() ?? null,
  };
}

async function creditNoteIds(db: Database, invoiceIds: number[]): Promise<Map<number, number>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .select({ id: invoices.id, creditedInvoiceId: invoices.creditedInvoiceId })
    .from(invoices)
    .where(inArray(invoices.creditedInvoiceId, invoiceIds));
  return new Map(rows.map((row) => [row.creditedInvoiceId as number, row.id]));
}

async function loadInvoice(db: Database, id: number, lock = false): Promise<{ row: InvoiceRow; fund: FundSummary }> {
  const query = db
    .select({ row: invoices, fund: fundColumns })
    .from(invoices)
    .innerJoin(funds, eq(funds.id, invoices.fundId))
    .where(eq(invoices.id, id));
  const [found] = lock ? await query.for('update', { of: invoices }) : await query;
  if (!found) throw new AppError('not_found', INVOICE_MESSAGES.notFound);
  return found;
}

/**
 * `GET /api/v1/invoices/{id}`: an invoice or credit note with its lines.
 * @throws AppError `not_found` (404)
 */
export async function getInvoice(db: Database, id: number): Promise<InvoiceResponse> {
  const { row, fund } = await loadInvoice(db, id);
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.id));
  const credit = await creditNoteIds(db, [id]);
  return {
    ...toSummary(row, fund, credit.get(id) ?? null),
    recipient: row.recipient,
    supplier: row.supplier ?? null,
    lines: lines.map((line: LineRow) => ({
      id: line.id,
      claimId: line.claimId,
      description: line.description,
      quantity: line.quantity,
      amountCents: line.amountCents,
      vatCents: line.vatCents,
    })),
  };
}

/** `q` as a LIKE pattern's text: `%`, `_` and the backslash match literally. */
const likeText = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The number search: `q` anywhere in the number, case-insensitively. Numbers are a series and
 * digits in upper case (`invoiceNumber`), so a term of letters, digits and dashes is compared in
 * upper case with LIKE (several times faster than ILIKE), and a term that starts with a series
 * (`INV-00017`: staff typing a number) can only match from the number's start: a prefix, which
 * the `text_pattern_ops` index answers without reading the table (issue 25).
 */
function numberSearch(q: string): SQL {
  if (!/^[A-Za-z0-9-]+$/.test(q)) return ilike(invoices.number, `%${likeText(q)}%`);
  const term = q.toUpperCase();
  const series = Object.values(PREFIX).some((prefix) => term.startsWith(`${prefix}-`));
  return like(invoices.number, series ? `${term}%` : `%${term}%`);
}

/** The list's filters and search (`q` matches the number) as one condition: the list and its export. */
export function invoiceListCondition(query: Pick<InvoiceListQuery, 'filter' | 'q'>): SQL | undefined {
  const filter = query.filter;
  return and(
    filter?.fundId ? eq(invoices.fundId, filter.fundId) : undefined,
    filter?.status ? eq(invoices.status, filter.status) : undefined,
    filter?.kind ? eq(invoices.kind, filter.kind) : undefined,
    query.q ? numberSearch(query.q) : undefined,
  );
}

const SORT_COLUMNS = { id: invoices.id, issueDate: invoices.issueDate, totalCents: invoices.totalCents };

/** `GET /api/v1/invoices`: invoices and credit notes, newest first, in the one list envelope. */
export async function listInvoices(db: Database, query: InvoiceListQuery): Promise<InvoiceListResponse> {
  const where = invoiceListCondition(query);
  const page = await listPage(query, {
    rows: (window) =>
      db
        .select({ row: invoices, fund: fundColumns })
        .from(invoices)
        .innerJoin(funds, eq(funds.id, invoices.fundId))
        .where(where)
        .orderBy(...orderBy(query.sort, SORT_COLUMNS, invoices.id))
        .limit(window.limit)
        .offset(window.offset),
    count: async () => db.$count(invoices, where),
    countKey: { scope: db, key: `invoices:${JSON.stringify(query.filter ?? {})}:${query.q ?? ''}` },
    toItem: (found) => found,
  });
  const credits = await creditNoteIds(
    db,
    page.items.map((item) => item.row.id),
  );
  return { ...page, items: page.items.map((item) => toSummary(item.row, item.fund, credits.get(item.row.id) ?? null)) };
}

/** Writes a draft's lines and totals from the billable claims of its fund and period. */
async function fillDraft(tx: Database, invoice: Pick<InvoiceRow, 'id' | 'fundId' | 'periodFrom' | 'periodTo'>) {
  const lines = await findBillableLines(tx, {
    fundId: invoice.fundId,
    periodFrom: invoice.periodFrom,
    periodTo: invoice.periodTo,
    exceptInvoiceId: invoice.id,
  });
  if (lines.length === 0) {
    throw new AppError('validation', INVOICE_MESSAGES.nothingToInvoice, {
      periodTo: [INVOICE_MESSAGES.nothingToInvoice],
    });
  }
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
  await tx.insert(invoiceLines).values(lines.map((line) => ({ ...line, invoiceId: invoice.id })));
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const vatCents = lines.reduce((sum, line) => sum + line.vatCents, 0);
  await tx
    .update(invoices)
    .set({ subtotalCents, vatCents, totalCents: subtotalCents + vatCents, updatedAt: new Date() })
    .where(eq(invoices.id, invoice.id));
}

/** Locks the fund's row: drafts of one fund are built one at a time, so a claim is never on two. */
async function lockFund(tx: Database, fundId: number): Promise<void> {
  const [fund] = await tx.select({ id: funds.id }).from(funds).where(eq(funds.id, fundId)).for('update');
  if (!fund)
    throw new AppError('validation', INVOICE_MESSAGES.fundNotFound, { fundId: [INVOICE_MESSAGES.fundNotFound] });
}

/**
 * `POST /api/v1/invoices` (issue 18): a draft invoice to a fund for a period, built from the fees of
 * the fund's claims paid in it and not invoiced yet (one line per claim). Audited (`invoices.created`).
 * @throws AppError `validation` (422): unknown fund, or nothing to invoice
 */
export async function createDraftInvoice(
  db: Database,
  request: InvoiceCreateRequest,
  context: AuditContext,
): Promise<InvoiceResponse> {
  const id = await db.transaction(async (tx) => {
    await lockFund(tx, request.fundId);
    const [created] = await tx
      .insert(invoices)
      .values({
        kind: 'invoice',
        fundId: request.fundId,
        periodFrom: request.periodFrom,
        periodTo: request.periodTo,
        recipient: request.recipient,
        notes: request.notes ?? null,
        createdByUserId: context.actor.type === 'staff' ? (context.actor.id ?? null) : null,
      })
      .returning();
    const invoice = created as InvoiceRow;
    await fillDraft(tx, invoice);
    await recordAudit(tx, {
      ...context,
      action: 'invoices.created',
      entityType: 'invoices',
      entityId: invoice.id,
      after: { fundId: request.fundId, periodFrom: request.periodFrom, periodTo: request.periodTo },
    });
    return invoice.id;
  });
  return getInvoice(db, id);
}

async function loadDraft(tx: Database, id: number): Promise<InvoiceRow> {
  const { row } = await loadInvoice(tx, id, true);
  if (row.status !== 'draft') throw new AppError('conflict', INVOICE_MESSAGES.draftOnly);
  return row;
}

/**
 * `PATCH /api/v1/invoices/{id}` (drafts only): recipient, notes, period (a new period rebuilds the
 * lines from the claims paid in it). Audited (`invoices.updated`).
 * @throws AppError `not_found` (404), `conflict` (409: issued), `validation` (422)
 */
export async function updateDraftInvoice(
  db: Database,
  id: number,
  request: InvoiceUpdateRequest,
  context: AuditContext,
): Promise<InvoiceResponse> {
  await db.transaction(async (tx) => {
    const draft = await loadDraft(tx, id);
    await lockFund(tx, draft.fundId);
    const periodFrom = request.periodFrom ?? draft.periodFrom;
    const periodTo = request.periodTo ?? draft.periodTo;
    if (periodTo < periodFrom) {
      throw new AppError('validation', INVOICE_MESSAGES.periodOrder, { periodTo: [INVOICE_MESSAGES.periodOrder] });
    }
    const [updated] = await tx
      .update(invoices)
      .set({
        periodFrom,
        periodTo,
        ...(request.recipient ? { recipient: request.recipient } : {}),
        ...(request.notes !== undefined ? { notes: request.notes } : {}),
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, id))
      .returning();
    if (periodFrom !== draft.periodFrom || periodTo !== draft.periodTo) await fillDraft(tx, updated as InvoiceRow);
    await recordAudit(tx, {
      ...context,
      action: 'invoices.updated',
      entityType: 'invoices',
      entityId: id,
      before: {
        periodFrom: draft.periodFrom,
        periodTo: draft.periodTo,
        recipient: draft.recipient,
        notes: draft.notes,
      },
      after: { periodFrom, periodTo, recipient: updated?.recipient, notes: updated?.notes },
    });
  });
  return getInvoice(db, id);
}

/**
 * `DELETE /api/v1/invoices/{id}` (drafts only): the draft and its lines; its claims may be invoiced
 * again. Audited (`invoices.deleted`).
 * @throws AppError `not_found` (404), `conflict` (409: issued)
 */
export async function deleteDraftInvoice(db: Database, id: number, context: AuditContext): Promise<void> {
  await db.transaction(async (tx) => {
    const draft = await loadDraft(tx, id);
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, id));
    await tx.delete(invoices).where(eq(invoices.id, id));
    await recordAudit(tx, {
      ...context,
      action: 'invoices.deleted',
      entityType: 'invoices',
      entityId: id,
      before: {
        fundId: draft.fundId,
        periodFrom: draft.periodFrom,
        periodTo: draft.periodTo,
        totalCents: draft.totalCents,
      },
    });
  });
}

/**
 * Issues a draft in `tx`: the next number of its series from `invoice_counters` (the row lock
 * orders concurrent issues; a rollback gives the number back: no gaps), today's South African
 * date, the supplier from configuration. From then on the database refuses any change to it.
 */
async function issueInTransaction(
  tx: Database,
  draft: InvoiceRow,
  supplier: InvoiceSupplierConfig,
  context: AuditContext,
): Promise<string> {
  const [counter] = await tx
    .update(invoiceCounters)
    .set({ lastValue: sql`${invoiceCounters.lastValue} + 1` })
    .where(eq(invoiceCounters.kind, draft.kind))
    .returning({ value: invoiceCounters.lastValue });
  if (!counter) throw new Error(`invoice counter ${draft.kind} is missing (migration 0012)`);
  const number = invoiceNumber(draft.kind, counter.value);
  const now = new Date();
  await tx
    .update(invoices)
    .set({
      status: 'issued',
      number,
      issueDate: payoutDate(now),
      supplier: { name: supplier.name, address: supplier.address, vatNumber: supplier.vatNumber },
      issuedByUserId: context.actor.type === 'staff' ? (context.actor.id ?? null) : null,
      issuedAt: now,
      updatedAt: now,
    })
    .where(eq(invoices.id, draft.id));
  await recordAudit(tx, {
    ...context,
    action: draft.kind === 'invoice' ? 'invoices.issued' : 'invoices.credit-note-issued',
    entityType: 'invoices',
    entityId: draft.id,
    after: { number, totalCents: draft.totalCents },
  });
  return number;
}

/**
 * `POST /api/v1/invoices/{id}/issue` (issue 18): numbers and issues a draft; immutable from then on.
 * @throws AppError `not_found` (404), `conflict` (409: already issued)
 */
export async function issueInvoice(
  deps: { db: Database; supplier: InvoiceSupplierConfig },
  id: number,
  context: AuditContext,
): Promise<InvoiceResponse> {
  await deps.db.transaction(async (tx) => {
    const { row } = await loadInvoice(tx, id, true);
    if (row.status !== 'draft') throw new AppError('conflict', INVOICE_MESSAGES.alreadyIssued);
    await issueInTransaction(tx, row, deps.supplier, context);
  });
  return getInvoice(deps.db, id);
}

/**
 * `POST /api/v1/invoices/{id}/credit-note` (issue 18): credits an issued invoice in full with a
 * credit note (its own series, `CN-...`), issued at once with the reason and the same lines; the
 * claims may then be invoiced again. The invoice itself never changes.
 * @throws AppError `not_found` (404), `conflict` (409: a draft, a credit note, or already credited)
 */
export async function creditInvoice(
  deps: { db: Database; supplier: InvoiceSupplierConfig },
  id: number,
  reason: string,
  context: AuditContext,
): Promise<InvoiceResponse> {
  const creditNoteId = await deps.db.transaction(async (tx) => {
    const { row } = await loadInvoice(tx, id, true);
    if (row.status !== 'issued' || row.kind !== 'invoice') {
      throw new AppError('conflict', INVOICE_MESSAGES.creditIssuedOnly);
    }
    if ((await creditNoteIds(tx, [id])).has(id)) throw new AppError('conflict', INVOICE_MESSAGES.alreadyCredited);
    const [note] = await tx
      .insert(invoices)
      .values({
        kind: 'credit_note',
        fundId: row.fundId,
        periodFrom: row.periodFrom,
        periodTo: row.periodTo,
        recipient: row.recipient,
        subtotalCents: row.subtotalCents,
        vatCents: row.vatCents,
        totalCents: row.totalCents,
        creditedInvoiceId: row.id,
        creditReason: reason,
        createdByUserId: context.actor.type === 'staff' ? (context.actor.id ?? null) : null,
      })
      .returning();
    const creditNote = note as InvoiceRow;
    const lines = await tx
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, id))
      .orderBy(asc(invoiceLines.id));
    await tx.insert(invoiceLines).values(
      lines.map((line) => ({
        invoiceId: creditNote.id,
        claimId: line.claimId,
        description: `Credit of ${row.number}: ${line.description}`,
        quantity: line.quantity,
        amountCents: line.amountCents,
        vatCents: line.vatCents,
      })),
    );
    await issueInTransaction(tx, creditNote, deps.supplier, context);
    return creditNote.id;
  });
  return getInvoice(deps.db, creditNoteId);
}

/**
 * `GET /api/v1/invoices/{id}/pdf` (issue 18): the invoice or credit note as a PDF tax document; a
 * draft's PDF says it is not a tax invoice. Audited (`invoices.downloaded`).
 * @throws AppError `not_found` (404)
 */
export async function invoicePdf(
  deps: { db: Database; supplier: InvoiceSupplierConfig },
  id: number,
  context: AuditContext,
): Promise<{ pdf: Buffer; fileName: string }> {
  const invoice = await getInvoice(deps.db, id);
  const credited = invoice.creditedInvoiceId ? await loadInvoice(deps.db, invoice.creditedInvoiceId) : null;
  const pdf = await renderInvoicePdf(invoice, credited?.row.number ?? null, deps.supplier);
  await recordAudit(deps.db, { ...context, action: 'invoices.downloaded', entityType: 'invoices', entityId: id });
  return { pdf, fileName: `${invoice.number ?? `draft-invoice-${invoice.id}`}.pdf` };
}

/**
 * `GET /api/v1/invoices/export` (issue 18): the list's rows (no lines), every one, CSV or XLSX,
 * streamed by keyset pages. Audited when the last row is read (`invoices.exported`).
 */
export function exportInvoices(db: Database, query: InvoiceExportQuery, context: AuditContext): TableExport {
  const condition = invoiceListCondition(query);
  type Row = { row: InvoiceRow; fund: FundSummary; id: number };
  const rows = keysetRows<Row>((after, batchSize) =>
    db
      .select({ id: invoices.id, row: invoices, fund: fundColumns })
      .from(invoices)
      .innerJoin(funds, eq(funds.id, invoices.fundId))
      .where(and(condition, after === undefined ? undefined : lt(invoices.id, after)))
      .orderBy(desc(invoices.id))
      .limit(batchSize),
  );
  const audited = countRows(rows, (rowCount) =>
    recordAudit(db, {
      ...context,
      action: 'invoices.exported',
      entityType: 'invoices',
      after: { filter: query.filter ?? {}, q: query.q ?? null, format: query.format, rowCount },
    }),
  );
  const columns: ExportColumn<Row>[] = [
    { header: 'id', value: ({ row }) => row.id, width: 8 },
    { header: 'kind', value: ({ row }) => row.kind, width: 12 },
    { header: 'status', value: ({ row }) => row.status, width: 10 },
    { header: 'number', value: ({ row }) => row.number },
    { header: 'fund', value: ({ fund }) => fund.name, width: 30 },
    { header: 'fund_registration_number', value: ({ fund }) => fund.registrationNumber },
    { header: 'period_from', value: ({ row }) => row.periodFrom },
    { header: 'period_to', value: ({ row }) => row.periodTo },
    { header: 'issue_date', value: ({ row }) => row.issueDate },
    { header: 'subtotal_zar', value: ({ row }) => centsToRandString(row.subtotalCents) },
    { header: 'vat_zar', value: ({ row }) => centsToRandString(row.vatCents) },
    { header: 'total_zar', value: ({ row }) => centsToRandString(row.totalCents) },
    { header: 'credited_invoice_id', value: ({ row }) => row.creditedInvoiceId },
  ];
  return streamTable(query.format, 'Invoices', columns, audited);
}
