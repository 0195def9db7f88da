import { buildSaIdNumber, parseSaIdNumber } from '@bcp/contract';
import type pg from 'pg';

/** A deterministic pseudo-random generator (mulberry32) so every run searches the same mix. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Valid SA ID numbers that no seeded person has: random birth dates 1930-2005 and sequences,
 * citizenship digit 1 (the seed uses 0 only), built and checked with the contract's functions.
 */
export function buildUnknownIdNumbers(count: number, random = seededRandom(7)): string[] {
  const start = Date.UTC(1930, 0, 1);
  const days = 75 * 365;
  return Array.from({ length: count }, () => {
    const dateOfBirth = new Date(start + Math.floor(random() * days) * 86_400_000).toISOString().slice(0, 10);
    const idNumber = buildSaIdNumber(dateOfBirth, Math.floor(random() * 10_000), 1);
    if (!parseSaIdNumber(idNumber).valid) throw new Error(`built an invalid ID number ${idNumber}`);
    return idNumber;
  });
}

/**
 * The ID numbers the bench searches: `count` of them, alternating one that exists (a random
 * seeded person, every one of whom has benefits) and a valid one that does not.
 * @throws when an "unknown" ID number turns out to exist
 */
export async function pickSearchIdNumbers(client: pg.Client | pg.Pool, count: number): Promise<string[]> {
  const half = Math.ceil(count / 2);
  const known = await client.query<{ id_number: string }>(
    'select id_number from persons where id in (select 1 + floor(random() * (select max(id) from persons))::bigint from generate_series(1, $1))',
    [half],
  );
  const unknown = buildUnknownIdNumbers(half);
  const clash = await client.query('select 1 from persons where id_number = any($1) limit 1', [unknown]);
  if (clash.rowCount) throw new Error('an ID number meant to be unknown exists');
  const knownIds = known.rows.map((row) => row.id_number);
  return unknown.flatMap((idNumber, index) => [knownIds[index % knownIds.length] as string, idNumber]).slice(0, count);
}
