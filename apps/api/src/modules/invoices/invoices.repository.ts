import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { invoiceCounters, invoiceLines, invoices } from '../../db/schema/invoices.js';

/**
 * The invoices module's data access (issue 35 item 1): invoices and credit notes, their lines and
 * the counters of their numbers. Amounts are cents. An issued invoice's row and lines are refused
 * any change or delete by a database trigger (migration 0012).
 */

/** An `invoices` row as stored (an invoice or a credit note). */
export type InvoiceRecord = typeof invoices.$inferSelect;
/** An `invoice_lines` row as stored. */
export type InvoiceLineRecord = typeof invoiceLines.$inferSelect;
/** Columns of an invoice to insert. */
export type InvoiceInsert = typeof invoices.$inferInsert;
/** Columns of an invoice to set. */
export type InvoiceValues = Partial<InvoiceInsert>;
/** A line to insert: the invoice it belongs to, its claim (or null), text and amounts (cents). */
export type InvoiceLineInsert = Pick<
  typeof invoiceLines.$inferInsert,
  'invoiceId' | 'claimId' | 'description' | 'quantity' | 'amountCents' | 'vatCents'
>;

/** An invoice's row by id, or `undefined`. */
export async function findInvoiceRow(db: Database, id: number): Promise<InvoiceRecord | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/**
 * An invoice's row by id, locked (`FOR UPDATE`) until the end of the transaction `tx`, or
 * `undefined`: changes of one invoice (edits, issuing, crediting) run one at a time.
 */
export async function lockInvoiceRow(tx: Database, id: number): Promise<InvoiceRecord | undefined> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update', { of: invoices });
  return row;
}

/** An invoice's lines, in order (by id). */
export async function invoiceLinesOf(db: Database, invoiceId: number): Promise<InvoiceLineRecord[]> {
  return db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.id));
}

/** The credit note of each of these invoices that has one: invoice id -> credit note id. */
export async function creditNoteIdsOf(db: Database, invoiceIds: readonly number[]): Promise<Map<number, number>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .select({ id: invoices.id, creditedInvoiceId: invoices.creditedInvoiceId })
    .from(invoices)
    .where(inArray(invoices.creditedInvoiceId, [...invoiceIds]));
  return new Map(rows.map((row) => [row.creditedInvoiceId as number, row.id]));
}

/** Inserts an invoice or credit note (a draft unless `status` says otherwise); returns the row. */
export async function insertInvoice(db: Database, values: InvoiceInsert): Promise<InvoiceRecord> {
  const [row] = await db.insert(invoices).values(values).returning();
  if (!row) throw new Error('The invoice insert returned no row');
  return row;
}

/**
 * Sets an invoice's columns (drafts only: the database refuses changes to an issued one); returns
 * the row, or `undefined` when there is no such invoice.
 */
export async function updateInvoiceRow(
  db: Database,
  id: number,
  values: InvoiceValues,
): Promise<InvoiceRecord | undefined> {
  const [row] = await db.update(invoices).set(values).where(eq(invoices.id, id)).returning();
  return row;
}

/** Inserts lines (nothing when `lines` is empty). */
export async function insertInvoiceLines(db: Database, lines: readonly InvoiceLineInsert[]): Promise<void> {
  if (lines.length === 0) return;
  await db.insert(invoiceLines).values([...lines]);
}

/** Deletes a draft's lines (the database refuses for an issued invoice). */
export async function deleteInvoiceLines(db: Database, invoiceId: number): Promise<void> {
  await db.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
}

/** Deletes a draft and its lines (the database refuses for an issued invoice). */
export async function deleteInvoiceWithLines(db: Database, id: number): Promise<void> {
  await deleteInvoiceLines(db, id);
  await db.delete(invoices).where(eq(invoices.id, id));
}

/**
 * The next value of a series' counter in `invoice_counters` (`UPDATE ... RETURNING` in the
 * transaction `tx`: the row lock orders concurrent issues and a rollback gives the value back, so
 * numbers have no gaps), or `undefined` when the series' row is missing.
 */
export async function nextCounterValue(tx: Database, kind: InvoiceRecord['kind']): Promise<number | undefined> {
  const [counter] = await tx
    .update(invoiceCounters)
    .set({ lastValue: sql`${invoiceCounters.lastValue} + 1` })
    .where(eq(invoiceCounters.kind, kind))
    .returning({ value: invoiceCounters.lastValue });
  return counter?.value;
}
