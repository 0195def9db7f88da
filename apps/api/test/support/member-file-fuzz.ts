import { buildSaIdNumber } from '@bcp/contract';
import iconv from 'iconv-lite';
import { columnName, inlineCell, MEMBER_HEADER, packed, sheetXml, xlsxWorkbook, zipArchive } from './hostile-files.js';

/**
 * Random member files for the parser fuzz (issue 34 "Done when"): CSVs of random shapes (column
 * counts past the budget, quotes right and wrong, every delimiter and line end, every encoding with
 * and without BOM, NULs, cells past the cell and row budgets, truncated or with stray bytes) and
 * XLSX files (random cell references and types, broken XML, DOCTYPEs, lying and truncated zips),
 * and random bytes under either name. Deterministic by seed.
 */

/** A seeded generator (mulberry32). */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** A whole number in [0, max). */
  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  bytes(length: number): Buffer {
    return Buffer.from(Array.from({ length }, () => this.int(256)));
  }
}

/** A generated file: its name (the format), its bytes, and what was done to it (for the report). */
export interface FuzzFile {
  fileName: string;
  content: Buffer;
  shape: string;
}

const ID = buildSaIdNumber('1980-01-01', 5009);
const CELLS = [
  '',
  ' ',
  'Thabo',
  'Zoë',
  'Łukasz',
  '山田',
  '😀',
  ID,
  '8.00101E+12',
  '12 480,50',
  'R1 234',
  'withdrawal',
  'a,b',
  'c;d',
  'e\tf',
  'g|h',
  'say "hi"',
  '"',
  '""',
  'line\nbreak',
  'cr\rbreak',
  '\u0000',
  'x\u0000y',
  "=cmd|' /C calc'!A0",
  '\ufeff',
  '\ud800',
  '<c r="A1"/>',
  '&amp;',
];

function cell(random: Random): string {
  if (random.chance(0.08)) return 'a'.repeat(random.int(400));
  return random.pick(CELLS);
}

/** Sometimes one cell past the cell budget (32,767 characters) or the row budget (1 MB). */
function withHugeCell(random: Random, rows: string[][]): string[][] {
  const roll = random.next();
  if (roll > 0.08 || rows.length < 2) return rows;
  const target = rows[1 + random.int(rows.length - 1)] as string[];
  target[random.int(target.length)] = roll < 0.05 ? 'b'.repeat(32_768 + random.int(10)) : 'c'.repeat(1_048_577);
  return rows;
}

function row(random: Random, columns: number): string[] {
  return Array.from({ length: columns }, () => cell(random));
}

function columnCount(random: Random): number {
  const roll = random.next();
  if (roll < 0.05) return 201 + random.int(2_000);
  if (roll < 0.15) return 1 + random.int(5);
  return MEMBER_HEADER.length + random.int(8);
}

/** A header: the member file's columns (as many as fit), then others. */
function header(random: Random, columns: number): string[] {
  return Array.from(
    { length: columns },
    (_, at) => MEMBER_HEADER[at] ?? (random.chance(0.5) ? `extra ${at}` : cell(random)),
  );
}

function csvText(random: Random): { text: string; shape: string } {
  const delimiter = random.pick([',', ';', '\t', '|']);
  const lineEnd = random.pick(['\n', '\r\n', '\r']);
  const quoting = random.pick(['always', 'needed', 'needed', 'needed', 'never', 'random']);
  const columns = columnCount(random);
  const rows = [random.chance(0.8) ? header(random, columns) : row(random, columns)];
  for (let count = random.int(columns > 200 ? 4 : 40); count > 0; count -= 1) {
    rows.push(row(random, random.chance(0.8) ? columns : 1 + random.int(columns + 3)));
  }
  withHugeCell(random, rows);
  const quote = (text: string) => {
    const wrap =
      quoting === 'always' ||
      (quoting === 'needed' && /["\r\n,;\t|]/.test(text)) ||
      (quoting === 'random' && random.chance(0.3));
    return wrap ? `"${text.replaceAll('"', random.chance(0.97) ? '""' : '"')}"` : text;
  };
  const text =
    rows.map((cells) => cells.map(quote).join(delimiter)).join(lineEnd) + (random.chance(0.7) ? lineEnd : '');
  return {
    text,
    shape: `csv ${columns} columns ${rows.length} rows delimiter ${JSON.stringify(delimiter)} ${quoting}`,
  };
}

function encoded(random: Random, text: string): { bytes: Buffer; encoding: string } {
  const encoding = random.pick([
    'utf8',
    'utf8',
    'utf8',
    'utf8-bom',
    'utf8-bom',
    'utf16le',
    'utf16le-bom',
    'utf16be',
    'utf16be-bom',
    'win1252',
    'win1252+utf8',
    'utf32le-bom',
  ]);
  // Lone surrogates are not encodable as UTF-16 or UTF-8 text: they become U+FFFD here.
  const clean = Buffer.from(text, 'utf8').toString('utf8');
  const bytes = (() => {
    switch (encoding) {
      case 'utf8-bom':
        return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(clean)]);
      case 'utf16le':
        return Buffer.from(clean, 'utf16le');
      case 'utf16le-bom':
        return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(clean, 'utf16le')]);
      case 'utf16be':
        return iconv.encode(clean, 'utf16-be');
      case 'utf16be-bom':
        return iconv.encode(clean, 'utf16-be', { addBOM: true });
      // iconv-lite writes U+FFFD as 0x9D, a byte Windows-1252 leaves undefined.
      case 'win1252':
        return iconv.encode(clean.replaceAll('\ufffd', '?'), 'win1252');
      case 'win1252+utf8':
        return Buffer.concat([iconv.encode(clean.replaceAll('\ufffd', '?'), 'win1252'), Buffer.from('\nZoë,Łukasz\n')]);
      case 'utf32le-bom':
        return Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), Buffer.from(clean, 'utf16le')]);
      default:
        return Buffer.from(clean);
    }
  })();
  return { bytes, encoding };
}

/** Damage: none mostly; else cut, stray or invalid bytes, NULs, or a byte changed. */
function damaged(random: Random, bytes: Buffer): { bytes: Buffer; damage: string } {
  if (bytes.length === 0 || random.chance(0.7)) return { bytes, damage: 'intact' };
  const at = random.int(bytes.length);
  switch (random.int(5)) {
    case 0:
      return { bytes: bytes.subarray(0, at), damage: `cut at ${at}` };
    case 1:
      return {
        bytes: Buffer.concat([bytes.subarray(0, at), random.bytes(1 + random.int(8)), bytes.subarray(at)]),
        damage: `stray bytes at ${at}`,
      };
    case 2:
      return {
        bytes: Buffer.concat([bytes.subarray(0, at), Buffer.from([0xff]), bytes.subarray(at)]),
        damage: `0xff at ${at}`,
      };
    case 3: {
      const copy = Buffer.from(bytes);
      for (let count = 0; count < 20; count += 1) copy[random.int(copy.length)] = 0;
      return { bytes: copy, damage: 'NULs' };
    }
    default: {
      const copy = Buffer.from(bytes);
      copy[at] = random.int(256);
      return { bytes: copy, damage: `byte ${at} changed` };
    }
  }
}

/** Text as XML character data: `&` and `<` escaped, the control characters XML 1.0 cannot hold left out. */
function xmlText(text: string): string {
  const kept = Array.from(text, (character) => {
    const code = character.charCodeAt(0);
    return code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d ? '' : character;
  }).join('');
  return kept.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
}

function xlsxCell(random: Random, rowNumber: number, column: number, strings: number): string {
  const reference = random.chance(0.99)
    ? `${columnName(column)}${rowNumber}`
    : random.pick(['', `${columnName(16_385 + random.int(100_000))}${rowNumber}`, 'a1', '1A', 'ZZZZZZZZZZ1']);
  const r = reference ? ` r="${reference}"` : '';
  const value = () => xmlText(cell(random));
  switch (random.int(8)) {
    case 0:
      return `<c${r} t="s"><v>${random.chance(0.9) ? random.int(strings + 2) : random.pick(['-1', 'x', '1e9'])}</v></c>`;
    case 1:
      return `<c${r} t="inlineStr"><is><t>${value()}</t><r><t>${value()}</t></r><rPh><t>phonetic</t></rPh></is></c>`;
    case 2:
      return `<c${r} t="str"><f>A1</f><v>${value()}</v></c>`;
    case 3:
      return `<c${r} t="b"><v>${random.pick(['0', '1', 'x'])}</v></c>`;
    case 4:
      return `<c${r} t="e"><v>#N/A</v></c>`;
    case 5:
      return `<c${r} t="d"><v>2019-03-31T00:00:00</v></c>`;
    case 6:
      return `<c${r} s="${random.int(3)}"><v>${random.pick(['43555', '1e308', '-5', 'abc', '', '8001015009087'])}</v></c>`;
    default:
      return `<c${r}/>`;
  }
}

function xlsxContent(random: Random): { bytes: Buffer; shape: string } {
  const strings = random.int(20);
  const shared = Array.from({ length: strings }, () => xmlText(cell(random)));
  const columns = columnCount(random);
  const names = header(random, columns).map(xmlText);
  const rows: string[] = [
    `<row r="1">${names.map((name, at) => inlineCell(`${columnName(at + 1)}1`, name)).join('')}</row>`,
  ];
  const count = 2 + random.int(columns > 200 ? 4 : 30);
  for (let rowNumber = 2; rowNumber < count; rowNumber += 1) {
    const width = random.chance(0.9) ? columns : 1 + random.int(columns + 3);
    rows.push(
      `<row r="${rowNumber}">${Array.from({ length: width }, (_, at) => xlsxCell(random, rowNumber, at + 1, strings)).join('')}</row>`,
    );
  }
  let sheet = sheetXml(rows.join(''));
  const xmlDamage = random.pick(['none', 'none', 'none', 'doctype', 'entity', 'cut', 'unclosed']);
  if (xmlDamage === 'doctype') sheet = sheet.replace('<worksheet', '<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet');
  if (xmlDamage === 'entity') sheet = sheet.replace('<sheetData>', '<sheetData>&bogus;');
  if (xmlDamage === 'cut') sheet = sheet.slice(0, random.int(sheet.length));
  if (xmlDamage === 'unclosed') sheet = sheet.replace('</sheetData>', '<row>');
  const sharedXml = `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${shared.map((text) => `<si><t>${text}</t></si>`).join('')}</sst>`;
  const sharedPart = packed(sharedXml);
  const statedSize = random.chance(0.1) ? random.int(sharedPart.size + 1) : undefined;
  let bytes = random.chance(0.9)
    ? xlsxWorkbook(packed(sheet), sharedPart, statedSize)
    : zipArchive([
        { name: random.pick(['xl/worksheets/sheet2.xml', 'other.xml', 'xl/workbook.xml']), part: packed(sheet) },
      ]);
  const zipDamage = damaged(random, bytes);
  bytes = zipDamage.bytes;
  return {
    bytes,
    shape: `xlsx ${columns} columns ${rows.length} rows, XML ${xmlDamage}, shared size ${statedSize ?? 'true'}, zip ${zipDamage.damage}`,
  };
}

/** One random member file. */
export function fuzzFile(random: Random): FuzzFile {
  const roll = random.next();
  if (roll < 0.05) {
    const bytes = random.bytes(random.int(5_000));
    return {
      fileName: random.pick(['random.csv', 'random.txt', 'random.xlsx']),
      content: bytes,
      shape: 'random bytes',
    };
  }
  if (roll < 0.08) {
    const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), random.bytes(random.int(5_000))]);
    return { fileName: 'zip-like.xlsx', content: bytes, shape: 'PK and random bytes' };
  }
  if (roll < 0.4) {
    const { bytes, shape } = xlsxContent(random);
    return { fileName: 'fuzz.xlsx', content: bytes, shape };
  }
  const { text, shape } = csvText(random);
  const { bytes, encoding } = encoded(random, text);
  const { bytes: content, damage } = damaged(random, bytes);
  return { fileName: random.pick(['fuzz.csv', 'fuzz.txt']), content, shape: `${shape}, ${encoding}, ${damage}` };
}
