import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/**
 * Foreign keys that may go without an index of their own, each with its reason. Every other
 * foreign key needs an index whose leading columns are the key's columns: without one, a delete or
 * key change on the referenced row (and `ON DELETE SET NULL/CASCADE`) scans the whole table, and
 * every "rows of this parent" query does too (issue 15 item 5).
 */
const ALLOWED_WITHOUT_INDEX: Record<string, string> = {};

/** `table(column, ...)` for every foreign key with no index starting with its columns, from pg_catalog. */
async function unindexedForeignKeys(): Promise<string[]> {
  const result = (await t.app.db.execute(sql`
    select c.conrelid::regclass::text || '(' || string_agg(a.attname, ', ' order by k.ordinality) || ')' as key
    from pg_constraint c
    cross join lateral unnest(c.conkey) with ordinality as k(attnum, ordinality)
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
    where c.contype = 'f'
      and c.connamespace = 'public'::regnamespace
      and not exists (
        select 1 from pg_index i
        where i.indrelid = c.conrelid
          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
          and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
      )
    group by c.oid, c.conrelid
    order by 1`)) as unknown as { rows: { key: string }[] };
  return result.rows.map((row) => row.key);
}

describe('issue 15 item 5: every queried foreign key has an index', () => {
  it('finds no foreign key without an index, except those allowed with a reason', async () => {
    const missing = (await unindexedForeignKeys()).filter((key) => !(key in ALLOWED_WITHOUT_INDEX));
    expect(missing).toEqual([]);
  });

  it('would notice a new foreign key without an index', async () => {
    await t.app.db.execute(sql`create table fk_probe (id bigint primary key, bank_id bigint references banks(id))`);
    try {
      expect(await unindexedForeignKeys()).toContain('fk_probe(bank_id)');
      await t.app.db.execute(sql`create index fk_probe_bank_idx on fk_probe (bank_id)`);
      expect(await unindexedForeignKeys()).not.toContain('fk_probe(bank_id)');
    } finally {
      await t.app.db.execute(sql`drop table fk_probe`);
    }
  });

  it('lists an allowed foreign key only while it still exists', async () => {
    const all = await unindexedForeignKeys();
    for (const key of Object.keys(ALLOWED_WITHOUT_INDEX)) expect(all).toContain(key);
  });
});
