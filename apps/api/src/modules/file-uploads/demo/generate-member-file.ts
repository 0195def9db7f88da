import { buildSaIdNumber, centsToRandString } from '@bcp/contract';
import { af_ZA, base, en, en_ZA, Faker, zu_ZA } from '@faker-js/faker';
import { stringify } from 'csv-stringify/sync';
import { MEMBER_FILE_COLUMNS, type MemberFileRow } from '../member-file.js';

const NOMSA = {
  id_number: buildSaIdNumber('1975-03-14', 234),
  first_name: 'Nomsa',
  last_name: 'Dlamini',
  member_number: 'DEMO0000001',
  email: 'nomsa.dlamini@example.co.za',
  phone_number: '+27821234567',
};

/**
 * Documented demo members (README "Demo data"): always in the demo file, with the same ID numbers
 * and amounts whatever the seed, so people can try the product with them.
 */
export const DEMO_MEMBERS: readonly MemberFileRow[] = [
  { ...NOMSA, benefit_type: 'withdrawal', amount: '12480.50' },
  { ...NOMSA, benefit_type: 'surplus', amount: '186.20' },
  {
    id_number: buildSaIdNumber('1962-11-02', 5123),
    first_name: 'Pieter',
    last_name: 'van der Merwe',
    member_number: 'DEMO0000002',
    email: 'pieter.vdmerwe@example.co.za',
    phone_number: '+27834567890',
    benefit_type: 'retirement',
    amount: '143900.00',
  },
  {
    id_number: buildSaIdNumber('1990-07-21', 6711),
    first_name: 'Sipho',
    last_name: 'Ndlovu',
    member_number: 'DEMO0000003',
    email: 'sipho.ndlovu@example.co.za',
    phone_number: '+27761112233',
    benefit_type: 'withdrawal',
    amount: '96.35',
  },
  ...(
    [
      ['1984-04-18', 1207, 'Lerato', 'Mokoena', '+27725550101', 'surplus', '2310.75'],
      ['1958-08-30', 7702, 'Johan', 'Botha', '+27845550102', 'preservation', '58120.00'],
      ['1993-12-05', 3390, 'Ayesha', 'Khan', '+27795550103', 'withdrawal', '740.10'],
      ['1979-02-27', 6021, 'Thabo', 'Nkosi', '+27605550104', 'retirement', '8675.40'],
      ['1987-06-12', 4302, 'Zanele', 'Mthembu', '+27735550105', 'withdrawal', '3450.00'],
      ['1991-03-08', 5518, 'Kagiso', 'Molefe', '+27715550106', 'surplus', '512.30'],
      ['1976-10-19', 2264, 'Anele', 'Zulu', '+27825550107', 'withdrawal', '21760.90'],
    ] as const
  ).map(([dateOfBirth, sequence, firstName, lastName, phone, type, amount], index) => ({
    id_number: buildSaIdNumber(dateOfBirth, sequence),
    first_name: firstName,
    last_name: lastName,
    member_number: `DEMO000000${index + 4}`,
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.co.za`,
    phone_number: phone,
    benefit_type: type,
    amount,
  })),
];

/** A valid ID number that is in no demo file: the search answers "no benefits". */
export const DEMO_ID_NUMBER_WITHOUT_BENEFITS = buildSaIdNumber('1988-09-09', 4410);

const MOBILE_PREFIXES = ['60', '61', '62', '63', '71', '72', '73', '74', '76', '78', '79', '81', '82', '83', '84'];
const BENEFIT_TYPES = [
  { weight: 55, value: 'withdrawal' },
  { weight: 25, value: 'surplus' },
  { weight: 12, value: 'retirement' },
  { weight: 8, value: 'preservation' },
];
/**
 * Amounts are log-normal in rand: median about R890, mean about R10,000, about 28% under R250 and
 * about 1.5% over R100,000 (unclaimed benefits are mostly small, a few are large).
 */
const AMOUNT_LOG_MEAN = 6.79;
const AMOUNT_LOG_SD = 2.2;
const AMOUNT_MIN_CENTS = 10_00;
const AMOUNT_MAX_CENTS = 2_000_000_00;
/** Share of members with a second benefit of another type. */
const SECOND_BENEFIT_SHARE = 0.08;
const REFERENCE_DATE = '2026-01-01';

export interface GenerateMemberFileOptions {
  /** Same seed, same file. */
  seed: number;
  /** Members to generate besides the documented demo members. */
  members: number;
  /** Put `DEMO_MEMBERS` first (default true). */
  includeDemoMembers?: boolean;
}

/**
 * Generates a fund's member file rows, deterministic by seed: South African names (isiZulu,
 * English and Afrikaans), valid SA ID numbers, member numbers, contact details and benefit amounts
 * with a real-world spread.
 */
export function generateMemberRows(options: GenerateMemberFileOptions): MemberFileRow[] {
  const picker = new Faker({ locale: [en_ZA, en, base], seed: options.seed });
  const namers = [zu_ZA, en_ZA, af_ZA].map(
    (locale, index) => new Faker({ locale: [locale, en, base], seed: options.seed * 31 + index }),
  );
  const rows: MemberFileRow[] = options.includeDemoMembers === false ? [] : [...DEMO_MEMBERS];
  const usedIds = new Set(rows.map((row) => row.id_number));
  usedIds.add(DEMO_ID_NUMBER_WITHOUT_BENEFITS);

  const normal = () => {
    // Box-Muller transform on the seeded generator.
    const u = 1 - picker.number.float({ min: 0, max: 1 });
    const v = picker.number.float({ min: 0, max: 1 });
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  const amount = () => {
    const cents = Math.round(Math.exp(AMOUNT_LOG_MEAN + AMOUNT_LOG_SD * normal()) * 100);
    return centsToRandString(Math.min(AMOUNT_MAX_CENTS, Math.max(AMOUNT_MIN_CENTS, cents)));
  };

  for (let index = 0; index < options.members; index += 1) {
    const namer = picker.helpers.weightedArrayElement([
      { weight: 55, value: namers[0] as Faker },
      { weight: 25, value: namers[1] as Faker },
      { weight: 20, value: namers[2] as Faker },
    ]);
    const sex = picker.helpers.arrayElement(['female', 'male'] as const);
    const dateOfBirth = picker.date
      .birthdate({ mode: 'age', min: 25, max: 85, refDate: REFERENCE_DATE })
      .toISOString()
      .slice(0, 10);
    let idNumber: string;
    do {
      const sequence =
        sex === 'female' ? picker.number.int({ max: 4999 }) : picker.number.int({ min: 5000, max: 9999 });
      idNumber = buildSaIdNumber(dateOfBirth, sequence, picker.datatype.boolean(0.96) ? 0 : 1);
    } while (usedIds.has(idNumber));
    usedIds.add(idNumber);

    const firstName = namer.person.firstName(sex);
    const lastName = namer.person.lastName();
    const person = {
      id_number: idNumber,
      first_name: firstName,
      last_name: lastName,
      member_number: `M${String(1_000_000 + index).padStart(7, '0')}`,
      email: picker.datatype.boolean(0.7)
        ? picker.internet.email({ firstName, lastName, provider: 'example.co.za' }).toLowerCase()
        : '',
      phone_number: picker.datatype.boolean(0.85)
        ? `+27${picker.helpers.arrayElement(MOBILE_PREFIXES)}${picker.string.numeric(7)}`
        : '',
    };
    const firstType = picker.helpers.weightedArrayElement(BENEFIT_TYPES);
    rows.push({ ...person, benefit_type: firstType, amount: amount() });
    if (picker.datatype.boolean(SECOND_BENEFIT_SHARE)) {
      const others = BENEFIT_TYPES.filter((type) => type.value !== firstType);
      rows.push({ ...person, benefit_type: picker.helpers.weightedArrayElement(others), amount: amount() });
    }
  }
  return rows;
}

/** The member file as CSV text with a header row (columns of `MEMBER_FILE_COLUMNS`). */
export function generateMemberFile(options: GenerateMemberFileOptions): string {
  return stringify(generateMemberRows(options), { header: true, columns: [...MEMBER_FILE_COLUMNS] });
}
