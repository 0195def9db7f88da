import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import {
  buildSaIdNumber,
  checkMapping,
  FILE_UPLOAD_TARGET_FIELDS,
  FILE_UPLOAD_TYPES,
  MAPPING_MESSAGES,
  normalizePhoneNumber,
  parseSaIdNumber,
  ROW_MESSAGES,
  readDateCell,
  readEmailCell,
  readIdNumberCell,
  readPhoneCell,
  readRandCell,
  SA_ID_NUMBER_MESSAGES,
  suggestMapping,
} from '../src/index.js';

const today = new Date('2026-11-25T00:00:00Z');

describe('file upload types', () => {
  it('has the three types, each with required fields that have aliases', () => {
    expect(FILE_UPLOAD_TYPES).toEqual(['member_file', 'trace_results', 'payment_confirmations']);
    expect(FILE_UPLOAD_TARGET_FIELDS.member_file.filter((field) => field.required).map((field) => field.key)).toEqual([
      'id_number',
      'first_name',
      'last_name',
      'member_number',
      'benefit_type',
      'amount',
    ]);
    for (const type of FILE_UPLOAD_TYPES) {
      for (const field of FILE_UPLOAD_TARGET_FIELDS[type]) expect(field.aliases.length).toBeGreaterThan(0);
    }
  });
});

describe('mapping suggestion', () => {
  it('maps headers by alias and by a fuzzy match, and leaves unknown columns out', () => {
    const header = ['ID No', 'Surname', 'First Names', 'Member Nr', 'Benefit Typ', 'Amount (R)', 'Cell', 'Notes'];
    expect(suggestMapping('member_file', header)).toEqual({
      id_number: 'ID No',
      last_name: 'Surname',
      first_name: 'First Names',
      member_number: 'Member Nr',
      benefit_type: 'Benefit Typ',
      amount: 'Amount (R)',
      phone_number: 'Cell',
    });
  });

  it("prefers the fund's saved mapping when the file has that column", () => {
    const header = ['Identity', 'Reference number', 'Name'];
    expect(suggestMapping('trace_results', header, { id_number: 'Reference number' }).id_number).toBe(
      'Reference number',
    );
  });

  it('names each problem of a chosen mapping', () => {
    expect(checkMapping('payment_confirmations', { claim_reference: 'Ref', colour: 'Ref' }, ['Ref'])).toEqual({
      payment_reference: [MAPPING_MESSAGES.required('Payment reference')],
      colour: [MAPPING_MESSAGES.unknownField('colour'), MAPPING_MESSAGES.columnTwice('Ref')],
    });
    expect(checkMapping('trace_results', { id_number: 'X', first_name: 'A', last_name: 'B' }, ['X', 'A'])).toEqual({
      last_name: [MAPPING_MESSAGES.unknownColumn('B')],
    });
  });
});

describe('cell checks', () => {
  it('refuses an ID number in scientific notation and one failing its checksum or date', () => {
    expect(readIdNumberCell('8.00101E+12', today).findings).toEqual([
      { level: 'error', field: 'id_number', message: ROW_MESSAGES.idScientific },
    ]);
    const valid = buildSaIdNumber('1980-01-01', 5009);
    const badCheck = valid.slice(0, 12) + String((Number(valid[12]) + 1) % 10);
    expect(readIdNumberCell(badCheck, today).findings[0]?.message).toBe(SA_ID_NUMBER_MESSAGES.checksum);
    expect(readIdNumberCell(`801301${valid.slice(6)}`, today).findings[0]?.message).toBe(SA_ID_NUMBER_MESSAGES.date);
    expect(readIdNumberCell(valid, today)).toEqual({
      idNumber: valid,
      dateOfBirth: '1980-01-01',
      gender: 'male',
      findings: [],
    });
  });

  it('pads an ID number that lost its leading zero (born 2000-2009), with a warning', () => {
    const id = buildSaIdNumber('2003-04-05', 1234);
    expect(readIdNumberCell(id.slice(1), today)).toEqual({
      idNumber: id,
      dateOfBirth: '2003-04-05',
      gender: 'female',
      findings: [{ level: 'warning', field: 'id_number', message: ROW_MESSAGES.idPadded }],
    });
  });

  it('reads rand amounts with . or , decimals and spaces', () => {
    expect(readRandCell('12480.50')).toBe(1_248_050);
    expect(readRandCell('12 480,50')).toBe(1_248_050);
    expect(readRandCell('R1 234')).toBe(123_400);
    expect(readRandCell('1,234.56')).toBe(123_456);
    expect(readRandCell('1.234,5')).toBe(123_450);
    expect(readRandCell('0')).toBeNull();
    expect(readRandCell('-5')).toBeNull();
    expect(readRandCell('12.345.6')).toBeNull();
    // Thousands grouped by one mark throughout; mixed marks are refused.
    expect(readRandCell('1,234,567')).toBe(123_456_700);
    expect(readRandCell('1.234.567,89')).toBe(123_456_789);
    expect(readRandCell('1,234.567')).toBeNull();
    expect(readRandCell('12,34')).toBe(1_234);
    expect(readRandCell('abc')).toBeNull();
  });

  it('reads plain amounts (digits, a point and one or two decimals: the quick path) as the general reading does', () => {
    // A leading space is not part of the quick path's shape: the general reading decides those.
    const general = (cell: string) => readRandCell(` ${cell}`);
    const shapes = [
      '0',
      '0.0',
      '00.05',
      '7',
      '120',
      '1.234',
      '12480.5',
      '12480.50',
      '1234567890123',
      '9999999999999.99',
    ];
    const refused = ['12345678901234', '1.', '.5', '1..2', '1.2.3', '-5', '0.00', '1.5a'];
    let seed = 20261128;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const digits = (count: number) => Array.from({ length: count }, () => String(random(10))).join('');
    const generated = Array.from({ length: 2000 }, () => {
      const whole = digits(1 + random(15));
      const decimals = random(4);
      return decimals === 0 ? whole : `${whole}.${digits(decimals)}`;
    });
    for (const cell of [...shapes, ...refused, ...generated]) expect(readRandCell(cell), cell).toBe(general(cell));
    expect(readRandCell('12480.5')).toBe(1_248_050);
    expect(readRandCell('00.05')).toBe(5);
    expect(readRandCell('9999999999999.99')).toBe(999_999_999_999_999);
    for (const cell of refused) expect(readRandCell(cell), cell).toBeNull();
  });

  it('reads 13 digits (the quick path) as the same ID number written with a space', () => {
    let seed = 20261128;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const valid = Array.from({ length: 500 }, (_, at) =>
      buildSaIdNumber(
        `${1930 + (at % 90)}-${String(1 + (at % 12)).padStart(2, '0')}-${String(1 + (at % 28)).padStart(2, '0')}`,
        random(10_000),
      ),
    );
    // Random digits: mostly refused, for each of the reasons (date, citizenship, check digit).
    const randomDigits = Array.from({ length: 2000 }, () =>
      Array.from({ length: 13 }, () => String(random(10))).join(''),
    );
    const reasons = new Set<string>();
    for (const id of [...valid, ...randomDigits]) {
      const spaced = `${id.slice(0, 6)} ${id.slice(6)}`;
      const quick = parseSaIdNumber(id, today);
      expect(quick, id).toEqual(parseSaIdNumber(spaced, today));
      expect(readIdNumberCell(id, today), id).toEqual(readIdNumberCell(spaced, today));
      reasons.add(quick.valid ? 'valid' : quick.reason);
    }
    expect([...reasons].sort()).toEqual(['checksum', 'citizenship', 'date', 'valid']);
  });

  it('drops invalid contact details with a warning, and reads dates', () => {
    expect(readEmailCell('A@Example.com')).toEqual({ value: 'a@example.com', findings: [] });
    expect(readEmailCell('nope').findings[0]?.message).toBe(ROW_MESSAGES.email);
    expect(readPhoneCell('082 123 4567').value).toBe('+27821234567');
    expect(readPhoneCell('12').findings[0]?.level).toBe('warning');
    expect(readDateCell('2019-03-31', today)).toBe('2019-03-31');
    expect(readDateCell('2019-02-30', today)).toBeNull();
    expect(readDateCell('2030-01-01', today)).toBeNull();
  });

  it('reads plain +27 and 0 numbers (the quick path) exactly as parsing them does', () => {
    // Every 3-digit start of a national number, with varied rest: valid and invalid ranges alike.
    for (let start = 100; start < 1000; start += 1) {
      for (const rest of ['000000', '123456', '987654', '555000', '010101']) {
        for (const text of [`+27${start}${rest}`, `0${start}${rest}`, ` 0${start}${rest} `]) {
          const parsed = parsePhoneNumberFromString(text.trim(), 'ZA');
          expect(normalizePhoneNumber(text), text).toBe(parsed?.isValid() ? parsed.number : null);
        }
      }
    }
    expect(normalizePhoneNumber('+27821234567')).toBe('+27821234567');
    expect(normalizePhoneNumber('0821234567')).toBe('+27821234567');
    expect(normalizePhoneNumber('0021234567')).toBeNull();
  });
});

describe('the sample files in docs/samples', () => {
  it('have every column suggested for a field of their type', async () => {
    const { readFileSync } = await import('node:fs');
    for (const type of FILE_UPLOAD_TYPES) {
      const text = readFileSync(new URL(`../../../docs/samples/${type}.csv`, import.meta.url), 'utf8');
      const firstLine = text.split('\n')[0] ?? '';
      const header = firstLine.split(firstLine.includes(';') ? ';' : ',');
      const mapping = suggestMapping(type, header);
      expect(Object.values(mapping).sort(), type).toEqual([...header].sort());
      expect(checkMapping(type, mapping, header), type).toEqual({});
    }
  });
});
