import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvRows } from '../src/modules/file-uploads/csv-rows.js';
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
