import type { InvoiceSummaryResponse } from '@bcp/contract';

/** An invoice's kind and status in words, with its badge colour. */
export function invoiceState(invoice: Pick<InvoiceSummaryResponse, 'kind' | 'status' | 'creditNoteId'>): {
  label: string;
  color: string;
} {
  if (invoice.status === 'draft') return { label: 'Draft', color: 'gray' };
  if (invoice.kind === 'credit_note') return { label: 'Credit note', color: 'grape' };
  return invoice.creditNoteId ? { label: 'Credited', color: 'gray' } : { label: 'Issued', color: 'teal' };
}

/** An invoice's name on screen: its number, or "Draft N". */
export function invoiceName(invoice: Pick<InvoiceSummaryResponse, 'id' | 'number' | 'kind'>): string {
  return invoice.number ?? `Draft ${invoice.kind === 'credit_note' ? 'credit note' : 'invoice'} ${invoice.id}`;
}
