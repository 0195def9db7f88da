import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvRows } from '../src/modules/file-uploads/csv-rows.js';
import { readDataBatches } from '../src/modules/file-uploads/file-reader.js';
import { countQuoteFreeRows, quoteFreeRows } from '../src/modules/file-uploads/quote-free-csv.js';
import type { OpenFile } from '../src/platform/files/file-store.js';

/**
 * Decision 084: a CSV file without a quote character is read by papaparse, any other by csv-parse.
 * The two must give the same rows: here the same file twice, once with one cell quoted (so read by
 * csv-parse), streamed in pieces of a few bytes so that every row and cell is cut somewhere.
 */
function opener(content: Buffer, pieceBytes: number): OpenFile {
  return async (range) => {
    if (range) return Readable.from([content.subarray(range.start ?? 0, (range.end ?? content.length - 1) + 1)]);
    const pieces: Buffer[] = [];
    for (let at = 0; at < content.length; at += pieceBytes) pieces.push(content.subarray(at, at + pieceBytes));
    return Readable.from(pieces);
  };
}

async function rowsOf(content: Buffer, pieceBytes: number): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const batch of csvRows(opener(content, pieceBytes))) rows.push(...batch);
  return rows;
}

describe('CSV files with and without quotes read alike (decision 084)', () => {
  const lines = [
    '\uFEFFid_number; first_name ;last_name;amount',
    '8001015009087;Thabo;  Dlamini ;12 480,50',
    '',
    '   ',
    '8001015009088;\u00a0Zoë\u00a0;Lee;',
    '8001015009089;;Nkosi;5',
    '8001015009090;Ann;Smith;7',
  ];
  for (const lineBreak of ['\r\n', '\n']) {
    it(`gives the same rows with ${lineBreak === '\n' ? 'LF' : 'CRLF'} line breaks, in pieces of any size`, async () => {
      const plain = Buffer.from(lines.join(lineBreak));
      const quoted = Buffer.from(lines.join(lineBreak).replace(';Ann;', ';"Ann";'));
      const expected = [
        ['id_number', 'first_name', 'last_name', 'amount'],
        ['8001015009087', 'Thabo', 'Dlamini', '12 480,50'],
        ['8001015009088', 'Zoë', 'Lee', ''],
        ['8001015009089', '', 'Nkosi', '5'],
        ['8001015009090', 'Ann', 'Smith', '7'],
      ];
      for (const pieceBytes of [1, 3, 7, 64, 65_536]) {
        expect(await rowsOf(plain, pieceBytes), `without quotes, pieces of ${pieceBytes}`).toEqual(expected);
        expect(await rowsOf(quoted, pieceBytes), `with quotes, pieces of ${pieceBytes}`).toEqual(expected);
      }
    });
  }
});

/**
 * Decision 085: the validation hands a quote-free file's text to the checks, which parse it; the
 * job's thread numbers the rows first by counting them (`countQuoteFreeRows`). The count must be
 * what parsing reads, or every line number after it would be wrong.
 */
describe('quote-free text counted as it is parsed (decision 085)', () => {
  it('counts the rows papaparse reads from lines of spaces, delimiters and breaks of every kind', () => {
    const pieces = ['', ' ', '\t', ',', ';', '|', 'a', ' b ', '\u00a0', '\u2028', '\r', '\n', '\ufeff', 'x,y'];
    let seed = 20261128;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    let blankLines = 0;
    for (let file = 0; file < 3_000; file += 1) {
      const format = {
        delimiter: [',', ';', '\t', '|'][random(4)] as string,
        newline: (['\n', '\r\n', '\r'] as const)[random(3)] as '\n' | '\r\n' | '\r',
      };
      const lines = Array.from({ length: 1 + random(6) }, () =>
        Array.from({ length: random(4) }, () => pieces[random(pieces.length)]).join(''),
      );
      const text = lines.join(format.newline) + (random(2) === 0 ? format.newline : '');
      const rows = quoteFreeRows(text, format, 1);
      expect(countQuoteFreeRows(text, format), JSON.stringify({ text, format })).toBe(rows.length);
      blankLines += lines.length - rows.length;
    }
    // The generator made blank lines of every kind: the count was tested on them too.
    expect(blankLines).toBeGreaterThan(1_000);
  });

  it('gives the validation the same rows with the same line numbers as the reader (header, then text)', async () => {
    // About 600 KB: more than a busy reader may gather into one read (its buffer of 16 KB and a
    // piece of at most 64 KB), so that several pieces come as text.
    const lines = [
      'id;name',
      '1;Ann',
      '',
      '2; Ben ',
      '   ',
      ...Array.from({ length: 5_000 }, (_, at) => `${at + 3};N${at}${'x'.repeat(100)}`),
    ];
    const content = Buffer.from(`${lines.join('\n')}\n`);
    const expected: string[][] = [];
    for await (const batch of csvRows(opener(content, 4_096))) expected.push(...batch);
    const read: string[][] = [];
    let texts = 0;
    for await (const batch of readDataBatches(opener(content, 4_096), 'csv')) {
      if ('header' in batch) read.push(batch.header);
      else if ('rows' in batch) read.push(...batch.rows);
      else {
        texts += 1;
        const rows = quoteFreeRows(batch.text, batch.format, read.length + 1);
        expect(rows).toHaveLength(batch.count);
        read.push(...rows);
      }
    }
    expect(texts).toBeGreaterThan(1);
    expect(read).toEqual(expected);
    expect(read).toHaveLength(5_003);
  });
});
