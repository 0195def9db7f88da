import { formatRand, type Payout } from '@bcp/contract';
import { heading, line, pdfText, renderPdf } from '../../platform/pdf/pdf-document.js';

/** Everything a benefit statement shows (issue 18), already masked where it must be. */
export interface StatementContent {
  /** South African date of the statement, YYYY-MM-DD. */
  date: string;
  issuer: { name: string; address: string[] };
  fund: { name: string; registrationNumber: string; administrator: string };
  member: { name: string; idNumberMasked: string; memberNumber: string };
  benefit: { id: number; type: string };
  payout: Payout;
  claim: {
    status: string;
    submittedOn: string | null;
    decidedOn: string | null;
    paidOn: string | null;
    paymentReference: string | null;
  } | null;
  documents: { kind: string; receivedOn: string }[];
  complaints: string[];
}

const money = (cents: number) => pdfText(formatRand(cents));

/** The statement as a PDF (pdfkit): one A4 page for a usual benefit. */
export function renderStatementPdf(content: StatementContent): Promise<Buffer> {
  return renderPdf(`Benefit statement ${content.benefit.id}`, (doc) => {
    doc.font('Helvetica-Bold').fontSize(18).text('Benefit statement').font('Helvetica').fontSize(10);
    doc.text(pdfText(`${content.issuer.name}, ${content.issuer.address.join(', ')}`));
    line(doc, 'Statement date', content.date);

    heading(doc, 'Fund');
    line(doc, 'Fund', content.fund.name);
    line(doc, 'FSCA registration number', content.fund.registrationNumber);
    line(doc, 'Administrator', content.fund.administrator);

    heading(doc, 'Member');
    line(doc, 'Name', content.member.name);
    line(doc, 'ID number', content.member.idNumberMasked);
    line(doc, 'Member number', content.member.memberNumber);

    heading(doc, 'Benefit');
    line(doc, 'Benefit type', content.benefit.type);
    line(doc, 'Gross amount', money(content.payout.grossAmountCents));
    for (const fee of content.payout.fees) {
      line(
        doc,
        `Fee: ${fee.name}`,
        `${money(fee.feeCents)} plus VAT ${money(fee.vatCents)} = ${money(fee.totalCents)}`,
      );
    }
    line(doc, 'Total fees including VAT', money(content.payout.totalFeesCents));
    doc.font('Helvetica-Bold');
    line(doc, 'Net payout', money(content.payout.netAmountCents));
    doc.font('Helvetica');

    heading(doc, 'Claim');
    if (!content.claim) {
      line(doc, 'Claim status', 'not claimed yet');
    } else {
      line(doc, 'Claim status', content.claim.status);
      line(doc, 'Submitted', content.claim.submittedOn ?? 'not yet');
      line(doc, 'Decided', content.claim.decidedOn ?? 'not yet');
      line(doc, 'Paid', content.claim.paidOn ?? 'not yet');
      if (content.claim.paymentReference) line(doc, 'Payment reference', content.claim.paymentReference);
    }
    line(
      doc,
      'Documents received',
      content.documents.length === 0
        ? 'none'
        : content.documents.map((document) => `${document.kind} (${document.receivedOn})`).join('; '),
    );

    heading(doc, 'How to complain');
    for (const paragraph of content.complaints) doc.text(pdfText(paragraph)).moveDown(0.3);
  });
}
