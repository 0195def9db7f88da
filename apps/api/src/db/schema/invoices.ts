import { INVOICE_KINDS, INVOICE_STATUSES } from '@bcp/contract';

import { bigint, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { benefitClaims } from './benefit-claims.js';
import { at, idColumn, timestamps } from './columns.js';
import { funds } from './funds.js';
import { users } from './users.js';

/**
 * A tracing-fee invoice to a fund, or a credit note of one (issue 18). Drafts change freely; once
 * issued (`number` given from `invoice_counters`, without gaps) a database trigger refuses any
 * change or delete of the invoice and its lines (migration 0012): a tax invoice is immutable.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: idColumn(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('draft'),
    /** `INV-000001` | `CN-000001`: null while a draft. */
    number: text('number'),
    fundId: bigint('fund_id', { mode: 'number' })
      .notNull()
      .references(() => funds.id),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    /** South African date of issue. */
    issueDate: date('issue_date', { mode: 'string' }),
    /** `{ name, address[], vatNumber }` of the fund as invoiced. */
    recipient: jsonb('recipient').$type<{ name: string; address: string[]; vatNumber: string | null }>().notNull(),
    /** The supplier from configuration at the time of issue. */
    supplier: jsonb('supplier').$type<{ name: string; address: string[]; vatNumber: string }>(),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    notes: text('notes'),
    /** For a credit note: the invoice it credits, and why. */
    creditedInvoiceId: bigint('credited_invoice_id', { mode: 'number' }),
    creditReason: text('credit_reason'),
    createdByUserId: bigint('created_by_user_id', { mode: 'number' }).references(() => users.id),
    issuedByUserId: bigint('issued_by_user_id', { mode: 'number' }).references(() => users.id),
    issuedAt: at('issued_at'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('invoices_number_unique').on(table.number),
    index('invoices_fund_idx').on(table.fundId, table.id),
    // The list's pages by status, by kind and by total (issue 25); newest first is the primary key.
    index('invoices_status_idx').on(table.status, table.id),
    index('invoices_kind_idx').on(table.kind, table.id),
    index('invoices_total_idx').on(table.totalCents, table.id),
    // The number search by prefix (`number LIKE 'INV-00017%'`), whatever the database's collation.
    index('invoices_number_pattern_idx').on(table.number.op('text_pattern_ops')),
    index('invoices_created_by_idx').on(table.createdByUserId),
    index('invoices_issued_by_idx').on(table.issuedByUserId),
    // One credit note per invoice.
    uniqueIndex('invoices_credited_invoice_unique').on(table.creditedInvoiceId),
  ],
);

/** One line of an invoice: a paid claim's fees, excluding VAT and the VAT (cents). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: idColumn(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    claimId: bigint('claim_id', { mode: 'number' }).references(() => benefitClaims.id),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('invoice_lines_invoice_idx').on(table.invoiceId, table.id),
    index('invoice_lines_claim_idx').on(table.claimId),
  ],
);

/**
 * The counters of invoice numbers, one row per series (`invoice`, `credit_note`). Issuing takes the
 * next value with `UPDATE ... RETURNING` in its transaction: the row lock orders concurrent issues
 * and a rolled-back issue gives its number back, so numbers have no gaps (a PostgreSQL sequence
 * would: `nextval` is never rolled back).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  kind: text('kind', { enum: INVOICE_KINDS }).primaryKey(),
  lastValue: bigint('last_value', { mode: 'number' }).notNull().default(0),
});
