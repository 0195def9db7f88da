import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { benefits, funds } from '../src/db/schema/index.js';
import { DEMO_MEMBERS } from '../src/modules/file-uploads/demo/generate-member-file.js';
import { startServer } from '../src/server.js';
import { createTestDatabase } from './support/test-database.js';

describe('startServer', () => {
  it('on an empty database: migrates, loads the demo fund and members once, and listens', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'bcp-start-'));
    const env = {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
    await database.handle.close();
    try {
      const first = await startServer(loadConfig(env));
      const address = first.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      const [fundCount] = await first.db.select({ value: count() }).from(funds);
      const [benefitCount] = await first.db.select({ value: count() }).from(benefits);
      expect(fundCount?.value).toBe(1);
      expect(benefitCount?.value).toBeGreaterThan(2000);
      await first.close();

      // A restart on the same database keeps the data and seeds nothing again.
      const second = await startServer(loadConfig(env));
      const [fundsAfter] = await second.db.select({ value: count() }).from(funds);
      const [benefitsAfter] = await second.db.select({ value: count() }).from(benefits);
      expect(fundsAfter?.value).toBe(1);
      expect(benefitsAfter?.value).toBe(benefitCount?.value);
      expect(DEMO_MEMBERS.length).toBeGreaterThan(0);
      await second.close();
    } finally {
      await database.destroy();
    }
  });
});
