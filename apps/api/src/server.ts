import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { type Config, ensureAppSecret } from './config.js';
import { openDatabase } from './db/client.js';
import { applyMigrations } from './db/migrate.js';

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
  // Job workers stop before the app closes (preClose); messages not yet sent stay queued.
  app.addHook('onClose', async () => database.close());
  try {
    await database.withStartupLock(async () => {
      await applyMigrations(database);
      // Demo data (generated members, staff with known passwords, a partner key): never in
      // production, where the configuration refuses it. Loaded lazily, so production never loads
      // the generator (@faker-js/faker, a dev dependency).
      if (config.seedDemoData && config.env !== 'production') {
        const { seedDemoData } = await import('./modules/file-uploads/demo/seed-all-demo-data.js');
        await seedDemoData(database.db, config.dataDir, app.files, app.log);
      }
    });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
