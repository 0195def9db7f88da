import { buildSaIdNumber } from '@bcp/contract';
import { describe, expect, it } from 'vitest';
import { copyLine } from '../src/db/copy-rows.js';
import { CopyLineBytes } from '../src/modules/file-uploads/copy-line-bytes.js';
import { MEMBER_FILE_COLUMNS } from '../src/modules/file-uploads/member-file.js';
import { SAME_ROW_HASH_SEED, sameRowHash } from '../src/modules/file-uploads/repeated-rows.js';
import { checkRowCells, rowPlan, STAGED_VALUES } from '../src/modules/file-uploads/row-checks.js';
import { SAME_ROW_VALUES, stagedBatchLines, stagedRowLines } from '../src/modules/file-uploads/staged-row-lines.js';

/**
 * Decision 086: a batch's staging lines are written straight as UTF-8 bytes. They must be, byte
 * for byte, what the general COPY writer (`copyLine`, then UTF-8) makes of the same checked
 * values, and each row's hash what `sameRowHash` gives: two equal rows, whatever their script,
 * are still found repeated (issue 16 rule 4).
 */
const context = {
  uploadId: 41,
  kind: 'member_file' as const,
  columns: Object.fromEntries(MEMBER_FILE_COLUMNS.map((key, at) => [key, at])),
  todayMs: Date.UTC(2026, 10, 28),
};
const ID = buildSaIdNumber('1980-01-01', 5009);

/** The lines and hashes the general writer gives for the rows (the reference). */
function expected(rows: string[][], firstLine: number) {
  const plan = rowPlan('member_file', (key) => context.columns[key] ?? -1);
  const today = new Date(context.todayMs);
  const sameRow = STAGED_VALUES.map((key) => SAME_ROW_VALUES.includes(key));
  let text = '';
  const hashes: number[] = [];
  rows.forEach((cells, at) => {
    const { values, findings } = checkRowCells(plan, cells, today);
    const refused = findings.some((finding) => finding.level === 'error');
    text += copyLine([context.uploadId, firstLine + at, refused, findings.length > 0 ? findings : null, ...values]);
    let hash = SAME_ROW_HASH_SEED;
    values.forEach((value, key) => {
      if (sameRow[key]) hash = sameRowHash(hash, copyLine([value]).slice(0, -1));
    });
    hashes.push(hash);
  });
  return { text: new TextEncoder().encode(text), hashes };
}

const ROWS: string[][] = [
  [ID, 'Ann', 'Smith', 'M1', 'ann@example.com', '0821234567', 'withdrawal', '1234.50'],
  [ID, 'Zoë', 'Müller-Lüdenscheidt', 'M2', '', '', 'Retirement', 'R1 234,56'],
  [ID, '山田', '太郎 😀', 'M3', 'not an email', '12', 'death', '12'],
  [ID, 'a\\b', 'c\td', 'M4', '', '', 'surplus', '0'],
  ['12345', '', '', '', '', '', '', ''],
  [ID, 'Lone \ud800 half', 'x', 'M5', '', '', 'withdrawal', '99999999999.99'],
];

describe('staging lines as bytes (decision 086)', () => {
  it('writes, byte for byte, what the general COPY writer writes, with the same row hashes', () => {
    const written = stagedRowLines(context, ROWS, 2);
    const reference = expected(ROWS, 2);
    expect(Buffer.from(written.text).toString('utf8')).toBe(Buffer.from(reference.text).toString('utf8'));
    expect(Buffer.compare(Buffer.from(written.text), Buffer.from(reference.text))).toBe(0);
    expect([...written.hashes]).toEqual(reference.hashes);
  });

  it('writes a quote-free batch parsed where it is checked the same way, on the plain path too', () => {
    const rows = ROWS.filter((row) => !row.some((cell) => /[\\\t,]/.test(cell)));
    const text = rows.map((row) => `${row.join(',')}\n`).join('');
    const written = stagedBatchLines(
      context,
      { text, format: { delimiter: ',', newline: '\n' }, count: rows.length },
      9,
    );
    const reference = expected(rows, 9);
    expect(Buffer.compare(Buffer.from(written.text), Buffer.from(reference.text))).toBe(0);
    expect([...written.hashes]).toEqual(reference.hashes);
  });

  it('gives two equal rows in any script the same hash, and rows differing in one letter different ones', () => {
    const rows = [
      ROWS[2] as string[],
      ROWS[2] as string[],
      (ROWS[2] as string[]).map((cell) => cell.replace('郎', '朗')),
    ];
    const { hashes } = stagedRowLines(context, rows, 2);
    expect(hashes[0]).toBe(hashes[1]);
    expect(hashes[2]).not.toBe(hashes[0]);
  });
});

describe('CopyLineBytes', () => {
  it('grows past its first size and keeps what it wrote', () => {
    const out = new CopyLineBytes(1);
    const words: string[] = [];
    for (let at = 0; at < 500; at += 1) {
      const word = at % 3 === 0 ? `é${at}` : `w${at}`;
      words.push(word);
      out.text(word);
      out.byte(0x09);
    }
    out.integer(0);
    out.integer(9_007_199_254_740_991);
    expect(new TextDecoder().decode(out.written())).toBe(`${words.join('\t')}\t09007199254740991`);
  });

  it('hashes what it writes as sameRowHash does, non-ASCII and surrogate pairs included', () => {
    for (const text of ['', 'plain', 'é', 'aé', 'Zoë Müller', '😀 x', 'x\ud800y']) {
      const out = new CopyLineBytes();
      expect(out.hashedText(text, 12_345)).toBe(sameRowHash(12_345, text));
      expect(new TextDecoder().decode(out.written())).toBe(Buffer.from(text, 'utf8').toString('utf8'));
    }
  });
});
