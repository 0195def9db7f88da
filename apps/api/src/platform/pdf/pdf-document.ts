/** The PDF kit document type our documents draw on. */
export type PdfDocument = PDFKit.PDFDocument;

/**
 * Text for the standard PDF fonts (WinAnsi): the narrow and no-break spaces `Intl` puts in amounts
 * and dates become plain spaces, so `R 12 480,50` prints (and extracts) as written.
 */
export function pdfText(value: string): string {
  return value.replace(/[\u00a0\u202f\u2009]/g, ' ');
}

/**
 * Renders a PDF (pdfkit, A4, 50 pt margins, Helvetica) drawn by `draw`, into memory: statements and
 * invoices are a page or two. `title` goes into the document's metadata.
 */
export async function renderPdf(title: string, draw: (doc: PdfDocument) => void): Promise<Buffer> {
  // pdfkit loads at the first PDF, not at the server's start (about 26 MB resident; issue 18).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Producer: 'Benefit Finder' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.font('Helvetica');
  draw(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A section heading (bold, 12 pt) with a little room above. */
export function heading(doc: PdfDocument, text: string): void {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(pdfText(text)).font('Helvetica').fontSize(10);
}

/** A `label: value` line (10 pt). */
export function line(doc: PdfDocument, label: string, value: string): void {
  doc.fontSize(10).text(pdfText(`${label}: ${value}`));
}
