import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { applyMigrations } from '../src/db/migrate.js';
import { funds } from '../src/db/schema/index.js';
import { createTestDatabase } from './support/test-database.js';

describe('database', () => {
  it('applies the committed migrations: every table exists', async () => {
    const database = await createTestDatabase();
    try {
      const result = await database.handle.db.execute<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      const names = (result as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
      expect(names).toEqual(expect.arrayContaining(['benefits', 'file_uploads', 'funds', 'persons']));
      // Applying again changes nothing.
      await applyMigrations(database.handle);
    } finally {
      await database.destroy();
    }
  });

  it('keeps embedded data in DATA_DIR across restarts', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'bcp-db-')), 'nested', 'data');
    const first = await openDatabase({ dataDir });
    await applyMigrations(first);
    await first.db.insert(funds).values({ name: 'Kept Fund', registrationNumber: '12/8/777' });
    await first.close();

    const second = await openDatabase({ dataDir });
    await applyMigrations(second);
    const rows = await second.db.select({ name: funds.name }).from(funds);
    // Issue 40 item 5: the buffer pool is capped below the data folder's postgresql.conf (128 MB).
    const settings = await second.db.execute(
      sql`select current_setting('shared_buffers') as shared_buffers,
                 current_setting('maintenance_work_mem') as maintenance_work_mem`,
    );
    await second.close();
    expect(rows).toEqual([{ name: 'Kept Fund' }]);
    expect((settings as unknown as { rows: unknown[] }).rows).toEqual([
      { shared_buffers: '32MB', maintenance_work_mem: '16MB' },
    ]);
  });
});
