import { FILE_UPLOAD_MESSAGES } from '@bcp/contract';
import { SaxesParser } from 'saxes';
import { FILE_BUDGETS, fileTooLarge, type ReadDeadline, xlsxDamaged, xlsxTooLarge } from './file-budgets.js';
import { SharedStrings } from './shared-strings.js';
import type { ZipArchive } from './zip-entries.js';

/**
 * The parts of an XLSX workbook the reader needs besides the sheet (issue 34 item 3): which sheet
 * is first, which cell styles are dates, and the shared strings, each parsed streamed with saxes
 * under the budgets of `FILE_BUDGETS.xlsx` (no DOCTYPE, no entity but XML's own, no text or tag
 * longer than `maxXmlTokenBytes`).
 */
export interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

/** A read of a part that handlers may stop early (`stop`, after the current chunk). */
export interface XmlRead {
  stop: boolean;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Feeds a part's text to saxes, calling `handlers` with local names (`x:row` is `row`), yielding
 * after each chunk (so the caller hands on what the chunk completed) and stopping after the chunk
 * in which `read.stop` was set. Checks the deadline per chunk.
 * @throws AppError 422 for XML that is not well-formed or declares a DOCTYPE, 413 for a text or
 *   tag longer than `maxXmlTokenBytes`, and what the handlers throw
 */
export async function* readXml(
  chunks: AsyncIterable<string>,
  handlers: XmlHandlers,
  deadline: ReadDeadline,
  read: XmlRead = { stop: false },
): AsyncGenerator<void> {
  const parser = new SaxesParser({ position: false });
  let failure: Error | undefined;
  let sawEvent = false;
  let sinceEvent = 0;
  parser.on('error', (error) => {
    failure ??= xlsxDamaged(`a part is not well-formed XML (${error.message})`);
  });
  parser.on('doctype', () => {
    failure ??= xlsxDamaged('a part declares a DOCTYPE');
  });
  parser.on('opentag', (node) => {
    sawEvent = true;
    handlers.open?.(localName(node.name), node.attributes as Record<string, string>);
  });
  parser.on('closetag', (node) => {
    sawEvent = true;
    handlers.close?.(localName(node.name));
  });
  const onText = (text: string) => {
    sawEvent = true;
    handlers.text?.(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  for await (const chunk of chunks) {
    deadline.check();
    sawEvent = false;
    parser.write(chunk);
    if (failure) throw failure;
    sinceEvent = sawEvent ? 0 : sinceEvent + chunk.length;
    if (sinceEvent > FILE_BUDGETS.xlsx.maxXmlTokenBytes) {
      throw xlsxDamaged(`a part has ${FILE_BUDGETS.xlsx.maxXmlTokenBytes} bytes without a tag`);
    }
    yield;
    if (read.stop) return;
  }
  parser.close();
  if (failure) throw failure;
}

/** Runs `readXml` to its end (or its stop). */
async function drainXml(chunks: AsyncIterable<string>, handlers: XmlHandlers, deadline: ReadDeadline, read?: XmlRead) {
  for await (const _ of readXml(chunks, handlers, deadline, read)) {
    // Each chunk's events were handled.
  }
}

/** A part's path from a relationship target (`worksheets/sheet1.xml` or `/xl/...`), from `xl/`. */
function partPath(target: string): string {
  const segments: string[] = target.startsWith('/') ? [] : ['xl'];
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment && segment !== '.') segments.push(segment);
  }
  return segments.join('/');
}

/**
 * The first sheet (the workbook's first tab, by its relationship; else the lowest-numbered
 * `xl/worksheets/sheetN.xml`) and whether dates count from 1904.
 * @throws AppError 422 when the file has no workbook or no worksheet
 */
export async function readWorkbook(
  zip: ZipArchive,
  deadline: ReadDeadline,
): Promise<{ sheet: string; date1904: boolean }> {
  const workbook = zip.entries.get('xl/workbook.xml');
  if (!workbook) throw xlsxDamaged('it has no xl/workbook.xml');
  let date1904 = false;
  let firstSheetId: string | undefined;
  const read: XmlRead = { stop: false };
  await drainXml(
    zip.text(workbook, FILE_BUDGETS.xlsx.maxPartBytes, 'workbook'),
    {
      open(name, attributes) {
        if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
        if (name === 'sheet' && firstSheetId === undefined) {
          const idKey = Object.keys(attributes).find((key) => key !== 'sheetId' && localName(key) === 'id');
          firstSheetId = idKey ? attributes[idKey] : undefined;
          read.stop = true;
        }
      },
    },
    deadline,
    read,
  );
  let sheet: string | undefined;
  const relationships = zip.entries.get('xl/_rels/workbook.xml.rels');
  if (firstSheetId && relationships) {
    await drainXml(
      zip.text(relationships, FILE_BUDGETS.xlsx.maxPartBytes, 'relationships'),
      {
        open(name, attributes) {
          if (name === 'Relationship' && attributes.Id === firstSheetId && attributes.Target) {
            sheet ??= partPath(attributes.Target);
          }
        },
      },
      deadline,
    );
  }
  if (!sheet || !zip.entries.has(sheet)) {
    const numbered = [...zip.entries.keys()]
      .map((name) => /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name))
      .filter((match) => match !== null)
      .sort((a, b) => Number(a[1]) - Number(b[1]));
    sheet = numbered[0]?.[0];
  }
  if (!sheet) throw xlsxDamaged('it has no worksheet');
  return { sheet, date1904 };
}

/** Excel's built-in number formats that are dates or times (as exceljs reads them, and the CJK ones). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36]);
for (const id of [45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]) BUILT_IN_DATE_FORMATS.add(id);

/** A format code without its `[...]` sections and `"..."` texts, in one pass (no backtracking). */
function outsideBracketsAndQuotes(code: string): string {
  let bare = '';
  let closing: string | null = null;
  for (const character of code) {
    if (closing !== null) {
      if (character === closing) closing = null;
    } else if (character === '[') closing = ']';
    else if (character === '"') closing = '"';
    else bare += character;
  }
  return bare;
}

/** Whether a format code shows a date or time (exceljs's rule: y m d h s b outside quotes and brackets). */
function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(outsideBracketsAndQuotes(code.slice(0, 256)));
}

/** Which cell styles (`s`, by index) show a date: a number in such a cell is read as YYYY-MM-DD. */
export async function readDateStyles(zip: ZipArchive, deadline: ReadDeadline): Promise<boolean[]> {
  const styles = zip.entries.get('xl/styles.xml');
  if (!styles) return [];
  const customFormats = new Map<number, string>();
  const formatOfStyle: number[] = [];
  let inCellFormats = false;
  let depth = 0;
  const read: XmlRead = { stop: false };
  await drainXml(
    zip.text(styles, FILE_BUDGETS.xlsx.maxPartBytes, 'styles'),
    {
      open(name, attributes) {
        depth += 1;
        if (name === 'numFmt') customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
        if (name === 'cellXfs') {
          inCellFormats = true;
          depth = 0;
        } else if (inCellFormats && name === 'xf' && depth === 1) {
          formatOfStyle.push(Number(attributes.numFmtId ?? 0));
        }
      },
      close(name) {
        depth -= 1;
        if (name === 'cellXfs') read.stop = true;
      },
    },
    deadline,
    read,
  );
  return formatOfStyle.map((id) => {
    const custom = customFormats.get(id);
    return custom === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(custom);
  });
}

/**
 * The shared strings (`xl/sharedStrings.xml`): each `<si>`'s text (rich text runs joined, phonetic
 * runs left out), trimmed, kept compactly (`SharedStrings`). At most `maxSharedStrings` texts (the
 * declared `uniqueCount` is checked first) of `maxSharedStringBytes` UTF-8 bytes together, each
 * at most `maxCellChars` characters.
 * @param upTo stop once this index is read (a sample needs the first few)
 * @throws AppError 413 past a budget
 */
export async function readSharedStrings(
  zip: ZipArchive,
  deadline: ReadDeadline,
  upTo = Number.POSITIVE_INFINITY,
): Promise<SharedStrings> {
  const entry = zip.entries.get('xl/sharedStrings.xml');
  const strings = new SharedStrings();
  if (!entry) return strings;
  const { maxSharedStrings, maxSharedStringBytes, maxSharedStringsBytes } = FILE_BUDGETS.xlsx;
  const tooMany = () => fileTooLarge(FILE_UPLOAD_MESSAGES.xlsxTooManyTexts(maxSharedStrings));
  let inItem = false;
  let inText = false;
  let phonetic = 0;
  let current = '';
  const read: XmlRead = { stop: false };
  await drainXml(
    zip.text(entry, maxSharedStringsBytes, 'shared strings'),
    {
      open(name, attributes) {
        if (name === 'sst' && Number(attributes.uniqueCount ?? 0) > maxSharedStrings) throw tooMany();
        else if (name === 'si') {
          inItem = true;
          current = '';
        } else if (name === 'rPh') phonetic += 1;
        else if (name === 't') inText = inItem && phonetic === 0;
      },
      text(text) {
        if (!inText) return;
        current += text;
        if (current.length > FILE_BUDGETS.maxCellChars) {
          throw fileTooLarge(FILE_UPLOAD_MESSAGES.xlsxTextTooLong(FILE_BUDGETS.maxCellChars));
        }
      },
      close(name) {
        if (name === 't') inText = false;
        else if (name === 'rPh') phonetic -= 1;
        else if (name === 'si' && inItem) {
          inItem = false;
          const text = current.trim();
          current = '';
          if (strings.count >= maxSharedStrings) throw tooMany();
          strings.add(text);
          if (strings.totalBytes > maxSharedStringBytes) throw xlsxTooLarge('shared text', maxSharedStringBytes);
          if (strings.count > upTo) read.stop = true;
        }
      },
    },
    deadline,
    read,
  );
  return strings;
}
