import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The standard fonts pdfjs needs to read Helvetica text (a folder of pdfjs-dist). */
const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * The text of a PDF, as a reader would copy it (pdfjs-dist): each text item, a new line where the
 * PDF ends one, spaces collapsed. Tests check generated statements and invoices with it.
 */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: STANDARD_FONTS,
    isEvalSupported: false,
  }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    let current = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      current += item.str;
      if (item.hasEOL) {
        lines.push(current);
        current = '';
      }
    }
    if (current) lines.push(current);
  }
  await document.destroy();
  return lines.map((text) => text.replace(/\s+/g, ' ').trim()).join('\n');
}
