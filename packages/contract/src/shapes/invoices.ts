import { z } from 'zod';
import { zBoundedString, zRequiredString } from '../rules/zod-rules.js';
import { EXPORT_FORMATS } from './admin-benefits.js';
import { listQuery, listResponse, zQueryId } from './lists.js';

/**
 * Tracing-fee invoices to funds (spec 7 `/api/v1/invoices`; issue 18). A draft is built from the
 * fees of a fund's claims paid in a period; drafts may be changed or deleted; issuing numbers it
 * from a database counter without gaps and makes it immutable: a South African tax invoice (VAT Act
 * s20(4)). Corrections are credit notes, numbered in their own series.
 */

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export const INVOICE_STATUSES = ['draft', 'issued'] as const;

/** Messages of the invoice calls. */
export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found.',
  draftOnly: 'An issued invoice cannot be changed or deleted: issue a credit note instead.',
  alreadyIssued: 'This invoice was already issued.',
  nothingToInvoice: 'No claims of this fund were paid in this period that are not invoiced yet.',
  periodOrder: 'The period must end on or after its start.',
  fundNotFound: 'Fund not found.',
  creditIssuedOnly: 'Only an issued invoice can be credited.',
  alreadyCredited: 'This invoice was already credited.',
  vatNumber: 'A South African VAT number has 10 digits and starts with 4.',
  recipientRequired: 'Give the recipient name and address before issuing.',
} as const;

const zDate = () => z.iso.date().describe('YYYY-MM-DD (South African date)');
const zVatNumber = () =>
  zBoundedString(20)
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^4\d{9}$/, INVOICE_MESSAGES.vatNumber));

/** Who the invoice is to (the fund as the tax invoice names it). */
export const InvoiceRecipient = z
  .object({
    name: zRequiredString(200),
    /** Address lines. */
    address: z.array(zRequiredString(200)).min(1).max(6),
    /** Null when the fund is not a VAT vendor. */
    vatNumber: zVatNumber().nullable(),
  })
  .meta({ id: 'InvoiceRecipient' });

/** The recipient as answered (plain values; the request shape above normalises them). */
export const InvoiceRecipientResponse = z
  .object({ name: z.string(), address: z.array(z.string()), vatNumber: z.string().nullable() })
  .meta({ id: 'InvoiceRecipientResponse' });

/** `POST /api/v1/invoices`: a draft for a fund and period (both days included). */
export const InvoiceCreateRequest = z
  .object({
    fundId: z.number().int().positive(),
    periodFrom: zDate(),
    periodTo: zDate(),
    recipient: InvoiceRecipient,
    notes: zBoundedString(1000).optional(),
  })
  .refine((value) => value.periodTo >= value.periodFrom, {
    path: ['periodTo'],
    message: INVOICE_MESSAGES.periodOrder,
  })
  .meta({ id: 'InvoiceCreateRequest' });
export type InvoiceCreateRequest = z.output<typeof InvoiceCreateRequest>;

/** `PATCH /api/v1/invoices/{id}` (drafts only): a new period rebuilds the lines. */
export const InvoiceUpdateRequest = z
  .object({
    periodFrom: zDate().optional(),
    periodTo: zDate().optional(),
    recipient: InvoiceRecipient.optional(),
    notes: zBoundedString(1000).nullable().optional(),
  })
  .meta({ id: 'InvoiceUpdateRequest' });
export type InvoiceUpdateRequest = z.output<typeof InvoiceUpdateRequest>;

/** `POST /api/v1/invoices/{id}/credit-note`: credit an issued invoice in full, with the reason. */
export const CreditNoteRequest = z
  .object({ reason: zRequiredString(500).pipe(z.string().trim().min(3)) })
  .meta({ id: 'CreditNoteRequest' });
export type CreditNoteRequest = z.output<typeof CreditNoteRequest>;

/** One line: a paid claim's fees (cents, VAT apart). */
export const InvoiceLineResponse = z
  .object({
    id: z.number().int(),
    claimId: z.number().int().nullable(),
    description: z.string(),
    quantity: z.number().int(),
    /** Excluding VAT, cents. */
    amountCents: z.number().int(),
    vatCents: z.number().int(),
  })
  .meta({ id: 'InvoiceLineResponse' });

/** The supplier as printed on an issued invoice (configuration at the time of issue). */
export const InvoiceSupplier = z
  .object({ name: z.string(), address: z.array(z.string()), vatNumber: z.string() })
  .meta({ id: 'InvoiceSupplier' });

/** An invoice or credit note. */
export const InvoiceResponse = z
  .object({
    id: z.number().int(),
    kind: z.enum(INVOICE_KINDS),
    status: z.enum(INVOICE_STATUSES),
    /** `INV-000001` / `CN-000001`; null while a draft. */
    number: z.string().nullable(),
    fund: z.object({ id: z.number().int(), name: z.string(), registrationNumber: z.string() }),
    periodFrom: z.string(),
    periodTo: z.string(),
    /** Date of issue (South African), null while a draft. */
    issueDate: z.string().nullable(),
    recipient: InvoiceRecipientResponse,
    /** Null while a draft (taken from configuration when issued). */
    supplier: InvoiceSupplier.nullable(),
    subtotalCents: z.number().int(),
    vatCents: z.number().int(),
    totalCents: z.number().int(),
    notes: z.string().nullable(),
    /** For a credit note: the invoice it credits, and why. */
    creditedInvoiceId: z.number().int().nullable(),
    creditReason: z.string().nullable(),
    /** For an invoice: its credit note, once credited. */
    creditNoteId: z.number().int().nullable(),
    lines: z.array(InvoiceLineResponse),
    createdAt: z.iso.datetime(),
    issuedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'InvoiceResponse' });
export type InvoiceResponse = z.infer<typeof InvoiceResponse>;

const invoiceFilters = {
  fundId: zQueryId().optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  kind: z.enum(INVOICE_KINDS).optional(),
};

/** `GET /api/v1/invoices`: newest first; filter by fund, status, kind; `q` matches the number. */
export const InvoiceListQuery = listQuery({
  sort: ['id', 'issueDate', 'totalCents'],
  defaultSort: [{ field: 'id', direction: 'desc' }],
  filter: invoiceFilters,
});
export type InvoiceListQuery = z.output<typeof InvoiceListQuery>;

/** An invoice in the list (no lines). */
export const InvoiceSummaryResponse = InvoiceResponse.omit({ lines: true, recipient: true, supplier: true }).meta({
  id: 'InvoiceSummaryResponse',
});
export type InvoiceSummaryResponse = z.infer<typeof InvoiceSummaryResponse>;

export const InvoiceListResponse = listResponse(InvoiceSummaryResponse).meta({ id: 'InvoiceListResponse' });
export type InvoiceListResponse = z.infer<typeof InvoiceListResponse>;

/** `GET /api/v1/invoices/export`: the list's filters, every row, CSV or XLSX. */
export const InvoiceExportQuery = InvoiceListQuery.omit({ page: true, pageSize: true }).extend({
  format: z.enum(EXPORT_FORMATS).default('csv'),
});
export type InvoiceExportQuery = z.output<typeof InvoiceExportQuery>;
