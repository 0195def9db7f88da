/**
 * The SQL that fills the bench database: every row is generated inside PostgreSQL with
 * generate_series (no rows cross the wire), so 1,000,000 persons take seconds, not minutes.
 */

const FIRST_NAMES = ['Nomsa', 'Pieter', 'Sipho', 'Lerato', 'Johan', 'Ayesha', 'Thabo', 'Zanele', 'Anele', 'Karabo'];
const LAST_NAMES = ['Dlamini', 'van der Merwe', 'Ndlovu', 'Mokoena', 'Botha', 'Khan', 'Nkosi', 'Naidoo', 'Smith'];

/** Days of birth dates used (from 1940-01-01); with 51 sequence numbers a day this gives 1,020,000 ID numbers. */
const BIRTH_DAYS = 20_000;

const textArray = (values: readonly string[]) => `array[${values.map((value) => `'${value}'`).join(',')}]`;

/**
 * SQL for the Luhn check digit of the 12-digit text `payload`, the same rule as
 * `luhnCheckDigit` in packages/contract: counting from the right, every first digit is doubled.
 */
export function luhnCheckDigitSql(payload: string): string {
  const terms = Array.from({ length: 12 }, (_, index) => {
    const digit = `substr(${payload}, ${index + 1}, 1)::int`;
    // Position 12 (the rightmost) is doubled, then every second one leftwards.
    return index % 2 === 1 ? `((2 * ${digit}) % 10 + (2 * ${digit}) / 10)` : digit;
  });
  return `((10 - (${terms.join(' + ')}) % 10) % 10)`;
}

/**
 * Inserts `count` persons with unique valid SA ID numbers: born 1940-01-01 plus 0-19,999 days,
 * sequence numbers 0, 193, 386, ... (both genders), citizenship digit 0 (so an ID number with
 * citizenship digit 1 is never in the data), then the check digit.
 */
export function insertPersonsSql(count: number): string {
  if (count > BIRTH_DAYS * 51) throw new Error(`at most ${BIRTH_DAYS * 51} persons`);
  return `
    insert into persons (id_number, first_name, last_name, date_of_birth, gender)
    select payload || ${luhnCheckDigitSql('payload')}, first_name, last_name, date_of_birth, gender
    from (
      select to_char(date_of_birth, 'YYMMDD') || lpad(sequence::text, 4, '0') || '08' as payload,
        (${textArray(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}] as first_name,
        (${textArray(LAST_NAMES)})[1 + (i / 7) % ${LAST_NAMES.length}] as last_name,
        date_of_birth,
        case when sequence < 5000 then 'female' else 'male' end as gender
      from (
        select i, date '1940-01-01' + i % ${BIRTH_DAYS} as date_of_birth, (i / ${BIRTH_DAYS}) * 193 as sequence
        from generate_series(0, ${count - 1}) as i
      ) as numbered
    ) as persons_to_insert`;
}

/**
 * Inserts one benefit for every person, and a second one (`surplus`) for every tenth person:
 * 1.1 benefits a person. Amounts are skewed towards small ones (R10 to R50,000, in cents);
 * 90% are `unclaimed`, 5% `claimed`, 5% `paid`.
 * @param fundId the Bench Fund; its parameter is `$1`
 */
export function insertBenefitsSql(): string {
  return `
    insert into benefits (fund_id, person_id, member_number, benefit_type, amount_cents, status)
    select $1, id, 'BM' || lpad(id::text, 9, '0'), benefit_type,
      1000 + floor(power(random(), 4) * 5000000)::bigint,
      case id % 20 when 0 then 'paid' when 1 then 'claimed' else 'unclaimed' end
    from (
      select id, (array['withdrawal', 'retirement', 'preservation'])[1 + id % 3] as benefit_type from persons
      union all
      select id, 'surplus' from persons where id % 10 = 0
    ) as benefits_to_insert`;
}
