import { crc32, deflateRawSync, constants as zlib } from 'node:zlib';

/**
 * Hostile member files as issue 34 reproduced them (items 2 and 3), built in memory for the tests
 * and for the bench `--only hostile-files`: a CSV with a million header columns, an XLSX whose
 * shared strings unpack to 1.44 GB from about 1.5 MB, an XLSX with a million columns. The zip
 * writer is small and ours so that a part can state any size (an honest bomb, or one that lies).
 */

/** The member file's required columns, so that a mapping of each to itself is usable. */
export const MEMBER_HEADER = ['id_number', 'first_name', 'last_name', 'member_number', 'benefit_type', 'amount'];

/** A part's packed bytes and what they unpack to. */
export interface PackedPart {
  packed: Buffer;
  size: number;
  crc: number;
}

/** One part of a zip: packed (deflate), with the size the zip states (default: the true size). */
export interface ZipPart {
  name: string;
  part: PackedPart;
  statedSize?: number;
}

/** A part deflated as a whole. */
export function packed(text: string | Buffer): PackedPart {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
  return { packed: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
}

/**
 * `prefix`, then `chunk` `times` times, then `suffix`, deflated without ever being whole in memory:
 * each piece is deflated alone and flushed to a byte boundary, and a deflate stream of such pieces
 * is one stream (each piece only refers back within itself), so the repeated chunk is packed once.
 */
export function repeatedDeflate(prefix: string, chunk: string, times: number, suffix: string): PackedPart {
  const piece = (text: string) => deflateRawSync(Buffer.from(text, 'utf8'), { finishFlush: zlib.Z_SYNC_FLUSH });
  const chunkBytes = Buffer.from(chunk, 'utf8');
  let crc = crc32(prefix);
  for (let count = 0; count < times; count += 1) crc = crc32(chunkBytes, crc);
  crc = crc32(suffix, crc);
  const repeated = piece(chunk);
  return {
    packed: Buffer.concat([
      piece(prefix),
      ...Array<Buffer>(times).fill(repeated),
      piece(suffix),
      deflateRawSync(Buffer.alloc(0)),
    ]),
    size: Buffer.byteLength(prefix) + chunkBytes.length * times + Buffer.byteLength(suffix),
    crc,
  };
}

/** A zip archive of the parts (deflated; local headers and directory state `statedSize`). */
export function zipArchive(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, part, statedSize } of parts) {
    const nameBytes = Buffer.from(name, 'utf8');
    const size = statedSize ?? part.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.crc >>> 0, 16);
    central.writeUInt32LE(part.packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, part.packed);
    directory.push(central, nameBytes);
    offset += 30 + nameBytes.length + part.packed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Excel's column letters (1 is A, 27 is AA), past XFD too. */
export function columnName(column: number): string {
  let name = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

/** A cell holding inline text. */
export const inlineCell = (reference: string, text: string) =>
  `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** The sheet's XML around its rows. */
export const sheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;

/** A minimal workbook (as Excel and exceljs read it) with one sheet and optional shared strings. */
export function xlsxWorkbook(sheet: PackedPart, sharedStrings?: ZipPart['part'], sharedStatedSize?: number): Buffer {
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      part: packed(
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      part: packed(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      part: packed(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Members" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      part: packed(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
  ];
  if (sharedStrings) parts.push({ name: 'xl/sharedStrings.xml', part: sharedStrings, statedSize: sharedStatedSize });
  parts.push({ name: 'xl/worksheets/sheet1.xml', part: sheet });
  return zipArchive(parts);
}

/**
 * Item 2: a CSV whose header has `columns` columns (the member file's first) and `rows` short rows
 * under it (8 MB for a million columns).
 */
export function wideCsv(columns = 1_000_000, rows = 2_000): Buffer {
  const header = [...MEMBER_HEADER];
  for (let column = header.length; column < columns; column += 1) header.push(`c${column}`);
  return Buffer.from(`${header.join(',')}\n${'1,2,3\n'.repeat(rows)}`);
}

/**
 * Item 3: an XLSX whose shared strings are the header's names and then `strings` more two-letter
 * texts (80 million: 1.44 GB of XML packed into about 1.5 MB), the sheet a header and one row.
 * @param options.statedSize the size the zip states for the shared strings (default the true one);
 *   `uniqueCount` the count the XML declares (default none)
 */
export function sharedStringsBomb(
  strings = 80_000_000,
  options: { statedSize?: number; uniqueCount?: number } = {},
): Buffer {
  const perChunk = 50_000;
  const count = options.uniqueCount === undefined ? '' : ` uniqueCount="${options.uniqueCount}"`;
  const prefix = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="${MAIN}"${count}>${MEMBER_HEADER.map((name) => `<si><t>${name}</t></si>`).join('')}`;
  const shared = repeatedDeflate(
    prefix,
    '<si><t>ab</t></si>'.repeat(perChunk),
    Math.ceil(strings / perChunk),
    '</sst>',
  );
  const header = MEMBER_HEADER.map((_, at) => `<c r="${columnName(at + 1)}1" t="s"><v>${at}</v></c>`).join('');
  const row = ['8001015009087', 'Thabo', 'Dlamini', 'M-1', 'withdrawal', '100']
    .map((text, at) => inlineCell(`${columnName(at + 1)}2`, text))
    .join('');
  const sheet = packed(sheetXml(`<row r="1">${header}</row><row r="2">${row}</row>`));
  return xlsxWorkbook(sheet, shared, options.statedSize);
}

/** Item 3's sibling: an XLSX whose header row has `columns` cells (the member file's first). */
export function wideXlsx(columns = 1_000_000): Buffer {
  const cells: string[] = MEMBER_HEADER.map((name, at) => inlineCell(`${columnName(at + 1)}1`, name));
  for (let column = MEMBER_HEADER.length + 1; column <= columns; column += 1) {
    cells.push(`<c r="${columnName(column)}1"><v>${column}</v></c>`);
  }
  const row = ['8001015009087', 'Thabo', 'Dlamini', 'M-1', 'withdrawal', '100']
    .map((text, at) => inlineCell(`${columnName(at + 1)}2`, text))
    .join('');
  return xlsxWorkbook(packed(sheetXml(`<row r="1">${cells.join('')}</row><row r="2">${row}</row>`)));
}
