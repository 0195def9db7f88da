import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { type Config, ensureAppSecret } from './config.js';
import { databaseTargetOf, openDatabase } from './db/client.js';
import { applyMigrations, MIGRATIONS_FOLDER } from './db/migrate.js';
import { assertMigrated } from './db/migration-status.js';

/**
 * Starts the whole product: opens the database (PostgreSQL when `databaseUrl` is set, embedded
 * PGlite in `dataDir` otherwise), then, under a lock other processes wait for: in production
 * checks that every migration was applied (`npm run migrate` is a step of its own there);
 * elsewhere applies migrations and, on an empty database, the demo data. Then listens.
 * @returns the listening server; closing it also closes the database
 * @throws DatabaseBehindError in production when the database lacks migrations of this version
 */
export async function startServer(environmentConfig: Config): Promise<FastifyInstance> {
  const config = ensureAppSecret(environmentConfig);
  const database = await openDatabase(databaseTargetOf(config));
  const app = await buildApp({ config, database });
  // Job workers stop before the app closes (preClose); messages not yet sent stay queued.
  app.addHook('onClose', async () => database.close());
  try {
    if (config.env === 'production') {
      // Under the lock: a server started while `npm run migrate` runs waits for it, then checks.
      await database.withStartupLock(() => assertMigrated(database.db, MIGRATIONS_FOLDER));
    } else {
      await database.withStartupLock(
        async () => {
          await applyMigrations(database);
          // Demo data (generated members, staff with known passwords, a partner key): never in
          // production, where the configuration refuses it. Loaded lazily, so production never
          // loads the generator (@faker-js/faker, a dev dependency).
          if (config.seedDemoData) {
            const { seedDemoData } = await import('./modules/file-uploads/demo/seed-all-demo-data.js');
            await seedDemoData(database.db, config.dataDir, app.files, app.log);
          }
        },
        () => app.log.info('Waiting for another process to finish migrating'),
      );
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
