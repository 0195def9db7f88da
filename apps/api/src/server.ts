import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { type Config, ensureAppSecret } from './config.js';
import { openDatabase } from './db/client.js';
import { applyMigrations } from './db/migrate.js';
import { DEMO_FUND, seedDemoDataIfEmpty } from './modules/file-uploads/demo/seed-demo-data.js';
import { seedDemoPartnerIfNone } from './modules/partners/demo-partner.js';
import { seedDemoStaffIfNone } from './modules/users/bootstrap.service.js';

/**
 * Starts the whole product: opens the database (PostgreSQL when `databaseUrl` is set, embedded
 * PGlite in `dataDir` otherwise), applies migrations and, on an empty database, the demo data
 * (under a lock other processes wait for), then listens.
 * @returns the listening server; closing it also closes the database
 */
export async function startServer(environmentConfig: Config): Promise<FastifyInstance> {
  const config = ensureAppSecret(environmentConfig);
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  const app = await buildApp({ config, database });
  // onClose hooks run in reverse order: flush deliveries in flight, then close the database.
  app.addHook('onClose', async () => {
    await app.messenger.flush();
    await database.close();
  });
  try {
    await database.withStartupLock(async () => {
      await applyMigrations(database);
      if (config.seedDemoData) await seedDemoDataIfEmpty(database.db, config.dataDir, app.log);
      // Demo staff with known passwords: never in production (README "Back office (staff)").
      if (config.seedDemoData && config.env !== 'production') await seedDemoStaffIfNone(database.db, app.log);
      // Demo fund administrator with an API key logged once (README "Partners and API keys"): never in production.
      if (config.seedDemoData && config.env !== 'production') {
        await seedDemoPartnerIfNone(database.db, app.log, DEMO_FUND.registrationNumber);
      }
    });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
