/**
 * `npm run migrate` (issue 37 item 4): applies the pending migrations and the reference data kept
 * in code to the database the server uses (DATABASE_URL, or the embedded one in DATA_DIR), under
 * the start-up advisory lock, so of several runs at once exactly one migrates and the others wait
 * and then find nothing to do. In production this is a step of its own, before the servers start
 * (they refuse a database that is behind); compiled, it is `node apps/api/dist/db/migrate.cli.js`.
 * Exit codes: 0 done (or nothing to do), 1 a configuration or database error, 2 a bad command line.
 */
import { parseCommandLine } from '../../../../scripts/lib/command-line.mjs';

const command = 'npm run migrate';
parseCommandLine({
  command,
  usage: `
Usage: ${command}
       node apps/api/dist/db/migrate.cli.js   (the built server, e.g. in the container image)

Applies the pending migrations (apps/api/drizzle) and the reference data (banks, fund types) to
the database the server uses: DATABASE_URL, or the embedded one in DATA_DIR (default: .data at the
repository root). Holds the start-up lock while it works: another run, or a server starting, waits.
In production (NODE_ENV=production) run it before starting the servers, which refuse a database
that is behind; elsewhere npm start also migrates by itself.

  -h, --help   this text`,
});

// Loaded once the command line is read: --help and a wrong option answer without them (faster).
const { ConfigError, loadConfig } = await import('../config.js');
const { databaseTargetOf, openDatabase } = await import('./client.js');
const { migrateUnderLock } = await import('./migrate.js');

try {
  const config = loadConfig();
  const database = await openDatabase(databaseTargetOf(config));
  try {
    const outcome = await migrateUnderLock(database, () =>
      console.info('Waiting for another process to finish migrating'),
    );
    console.info(
      outcome.applied === 0
        ? `The database is up to date (${outcome.known} migrations); nothing to apply.`
        : `Applied ${outcome.applied} migration${outcome.applied === 1 ? '' : 's'} (${outcome.known} in all).`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `${command}: the migrations failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
