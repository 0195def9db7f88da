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
import type { InvoiceSupplierConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import {
  countRows,
  type ExportColumn,
  keysetRows,
  streamTable,
  type TableExport,
} from '../../platform/exports/table-export.js';
import { findBillableLines } from '../../queries/billable-claims.js';
import {
  findInvoiceWithFund,
  type InvoiceFund,
  type InvoiceListFilter,
  type InvoiceNumberPattern,
  type InvoiceWithFund,
  invoiceExportPages,
  listInvoicesWithFunds,
} from '../../queries/invoice-list.js';
import { lockFund } from '../funds/index.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import {
  creditNoteIdsOf,
  deleteInvoiceLines,
  deleteInvoiceWithLines,
  findInvoiceRow,
  type InvoiceLineRecord,
  type InvoiceRecord,
  insertInvoice,
  insertInvoiceLines,
  invoiceLinesOf,
  lockInvoiceRow,
  nextCounterValue,
  updateInvoiceRow,
} from './invoices.repository.js';

const PREFIX = { invoice: 'INV', credit_note: 'CN' } as const;

/** An invoice's number in its series: `INV-000042`, `CN-000003`. */
export function invoiceNumber(kind: InvoiceRecord['kind'], value: number): string {
  return `${PREFIX[kind]}-${String(value).padStart(6, '0')}`;
}

function toSummary(row: InvoiceRecord, fund: InvoiceFund, creditNoteId: number | null): InvoiceSummaryResponse {
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

/** An invoice with its fund. @throws AppError `not_found` (404) */
async function loadInvoice(db: Database, id: number): Promise<InvoiceWithFund> {
  const found = await findInvoiceWithFund(db, id);
  if (!found) throw new AppError('not_found', INVOICE_MESSAGES.notFound);
  return found;
}

/** An invoice's row, locked until the end of `tx`. @throws AppError `not_found` (404) */
async function lockInvoice(tx: Database, id: number): Promise<InvoiceRecord> {
  const row = await lockInvoiceRow(tx, id);
  if (!row) throw new AppError('not_found', INVOICE_MESSAGES.notFound);
  return row;
}

/**
 * `GET /api/v1/invoices/{id}`: an invoice or credit note with its lines.
 * @throws AppError `not_found` (404)
 */
export async function getInvoice(db: Database, id: number): Promise<InvoiceResponse> {
  const { row, fund } = await loadInvoice(db, id);
  const lines = await invoiceLinesOf(db, id);
  const credit = await creditNoteIdsOf(db, [id]);
  return {
    ...toSummary(row, fund, credit.get(id) ?? null),
    recipient: row.recipient,
    supplier: row.supplier ?? null,
    lines: lines.map((line: InvoiceLineRecord) => ({
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
function numberSearch(q: string): InvoiceNumberPattern {
  if (!/^[A-Za-z0-9-]+$/.test(q)) return { pattern: `%${likeText(q)}%`, caseInsensitive: true };
  const term = q.toUpperCase();
  const series = Object.values(PREFIX).some((prefix) => term.startsWith(`${prefix}-`));
  return { pattern: series ? `${term}%` : `%${term}%`, caseInsensitive: false };
}

/** The list's filters and search (`q` matches the number) as one filter: the list and its export. */
export function invoiceListFilter(query: Pick<InvoiceListQuery, 'filter' | 'q'>): InvoiceListFilter {
  const filter = query.filter;
  return {
    fundId: filter?.fundId,
    status: filter?.status,
    kind: filter?.kind,
    number: query.q ? numberSearch(query.q) : undefined,
  };
}

/** `GET /api/v1/invoices`: invoices and credit notes, newest first, in the one list envelope. */
export async function listInvoices(db: Database, query: InvoiceListQuery): Promise<InvoiceListResponse> {
  const page = await listInvoicesWithFunds(db, query, invoiceListFilter(query));
  const credits = await creditNoteIdsOf(
    db,
    page.items.map((item) => item.row.id),
  );
  return { ...page, items: page.items.map((item) => toSummary(item.row, item.fund, credits.get(item.row.id) ?? null)) };
}

/** Writes a draft's lines and totals from the billable claims of its fund and period. */
async function fillDraft(tx: Database, invoice: Pick<InvoiceRecord, 'id' | 'fundId' | 'periodFrom' | 'periodTo'>) {
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
  await deleteInvoiceLines(tx, invoice.id);
  await insertInvoiceLines(
    tx,
    lines.map((line) => ({ ...line, invoiceId: invoice.id })),
  );
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const vatCents = lines.reduce((sum, line) => sum + line.vatCents, 0);
  await updateInvoiceRow(tx, invoice.id, {
    subtotalCents,
    vatCents,
    totalCents: subtotalCents + vatCents,
    updatedAt: new Date(),
  });
}

/** Locks the fund's row: drafts of one fund are built one at a time, so a claim is never on two. */
async function lockInvoicedFund(tx: Database, fundId: number): Promise<void> {
  if (!(await lockFund(tx, fundId)))
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
    await lockInvoicedFund(tx, request.fundId);
    const invoice = await insertInvoice(tx, {
      kind: 'invoice',
      fundId: request.fundId,
      periodFrom: request.periodFrom,
      periodTo: request.periodTo,
      recipient: request.recipient,
      notes: request.notes ?? null,
      createdByUserId: context.actor.type === 'staff' ? (context.actor.id ?? null) : null,
    });
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

async function loadDraft(tx: Database, id: number): Promise<InvoiceRecord> {
  const row = await lockInvoice(tx, id);
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
    await lockInvoicedFund(tx, draft.fundId);
    const periodFrom = request.periodFrom ?? draft.periodFrom;
    const periodTo = request.periodTo ?? draft.periodTo;
    if (periodTo < periodFrom) {
      throw new AppError('validation', INVOICE_MESSAGES.periodOrder, { periodTo: [INVOICE_MESSAGES.periodOrder] });
    }
    const updated = await updateInvoiceRow(tx, id, {
      periodFrom,
      periodTo,
      ...(request.recipient ? { recipient: request.recipient } : {}),
      ...(request.notes !== undefined ? { notes: request.notes } : {}),
      updatedAt: new Date(),
    });
    if (periodFrom !== draft.periodFrom || periodTo !== draft.periodTo) await fillDraft(tx, updated as InvoiceRecord);
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
    await deleteInvoiceWithLines(tx, id);
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
  draft: InvoiceRecord,
  supplier: InvoiceSupplierConfig,
  context: AuditContext,
): Promise<string> {
  const counter = await nextCounterValue(tx, draft.kind);
  if (counter === undefined) throw new Error(`invoice counter ${draft.kind} is missing (migration 0012)`);
  const number = invoiceNumber(draft.kind, counter);
  const now = new Date();
  await updateInvoiceRow(tx, draft.id, {
    status: 'issued',
    number,
    issueDate: payoutDate(now),
    supplier: { name: supplier.name, address: supplier.address, vatNumber: supplier.vatNumber },
    issuedByUserId: context.actor.type === 'staff' ? (context.actor.id ?? null) : null,
    issuedAt: now,
    updatedAt: now,
  });
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
    const row = await lockInvoice(tx, id);
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
    const row = await lockInvoice(tx, id);
    if (row.status !== 'issued' || row.kind !== 'invoice') {
      throw new AppError('conflict', INVOICE_MESSAGES.creditIssuedOnly);
    }
    if ((await creditNoteIdsOf(tx, [id])).has(id)) throw new AppError('conflict', INVOICE_MESSAGES.alreadyCredited);
    const creditNote = await insertInvoice(tx, {
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
    });
    const lines = await invoiceLinesOf(tx, id);
    await insertInvoiceLines(
      tx,
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
  const credited = invoice.creditedInvoiceId ? await findInvoiceRow(deps.db, invoice.creditedInvoiceId) : undefined;
  const pdf = await renderInvoicePdf(invoice, credited?.number ?? null, deps.supplier);
  await recordAudit(deps.db, { ...context, action: 'invoices.downloaded', entityType: 'invoices', entityId: id });
  return { pdf, fileName: `${invoice.number ?? `draft-invoice-${invoice.id}`}.pdf` };
}

/**
 * `GET /api/v1/invoices/export` (issue 18): the list's rows (no lines), every one, CSV or XLSX,
 * streamed by keyset pages. Audited when the last row is read (`invoices.exported`).
 */
export function exportInvoices(db: Database, query: InvoiceExportQuery, context: AuditContext): TableExport {
  type Row = { row: InvoiceRecord; fund: InvoiceFund; id: number };
  const rows = keysetRows<Row>(invoiceExportPages(db, invoiceListFilter(query)));
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
