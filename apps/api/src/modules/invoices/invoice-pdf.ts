import { formatRand, type InvoiceResponse } from '@bcp/contract';
import type { InvoiceSupplierConfig } from '../../config.js';
import { heading, line, pdfText, renderPdf } from '../../platform/pdf/pdf-document.js';

const money = (cents: number) => pdfText(formatRand(cents));

/**
 * An invoice as a PDF (pdfkit) with what a full South African tax invoice holds (VAT Act s20(4)):
 * the words "Tax Invoice" (a credit note: "Credit Note", naming the invoice it credits and why),
 * supplier name, address and VAT number, recipient name, address and VAT number, the serial
 * number, date of issue, each line's description, quantity and value, the VAT and the total. A
 * draft says plainly that it is not a tax invoice (the configured supplier shows as it would be).
 */
export function renderInvoicePdf(
  invoice: InvoiceResponse,
  creditedNumber: string | null,
  configuredSupplier: InvoiceSupplierConfig,
): Promise<Buffer> {
  const title = invoice.kind === 'credit_note' ? 'Credit Note' : 'Tax Invoice';
  const supplier = invoice.supplier ?? configuredSupplier;
  return renderPdf(`${title} ${invoice.number ?? `draft ${invoice.id}`}`, (doc) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(18)
      .text(invoice.status === 'draft' ? `DRAFT: not a ${title.toLowerCase()}` : title);
    doc.font('Helvetica').fontSize(10);

    heading(doc, 'Supplier');
    doc.text(pdfText(supplier.name));
    for (const address of supplier.address) doc.text(pdfText(address));
    line(doc, 'VAT number', supplier.vatNumber);

    heading(doc, 'Recipient');
    doc.text(pdfText(invoice.recipient.name));
    for (const address of invoice.recipient.address) doc.text(pdfText(address));
    line(doc, 'VAT number', invoice.recipient.vatNumber ?? 'not registered for VAT');
    line(doc, 'Fund registration number', invoice.fund.registrationNumber);

    heading(doc, 'Details');
    line(doc, `${title} number`, invoice.number ?? 'not issued yet');
    line(doc, 'Date of issue', invoice.issueDate ?? 'not issued yet');
    line(doc, 'Period', `${invoice.periodFrom} to ${invoice.periodTo}`);
    if (invoice.kind === 'credit_note') {
      line(doc, 'Credits tax invoice', creditedNumber ?? String(invoice.creditedInvoiceId));
      line(doc, 'Reason', invoice.creditReason ?? '');
    }

    heading(doc, 'Lines');
    for (const item of invoice.lines) {
      doc.text(
        pdfText(
          `${item.description} | Quantity ${item.quantity} | Value ${money(item.amountCents)} | VAT ${money(item.vatCents)}`,
        ),
      );
    }

    heading(doc, 'Totals');
    line(doc, 'Total excluding VAT', money(invoice.subtotalCents));
    line(doc, 'VAT at 15%', money(invoice.vatCents));
    doc.font('Helvetica-Bold');
    line(doc, 'Total including VAT', money(invoice.totalCents));
    doc.font('Helvetica');
    if (invoice.notes) {
      heading(doc, 'Notes');
      doc.text(pdfText(invoice.notes));
    }
  });
}
