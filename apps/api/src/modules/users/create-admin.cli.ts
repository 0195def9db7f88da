/**
 * Creates a staff user with the super-admin role, e.g. the first one (README "Back office (staff)"):
 * `npm run admin:create -- --email ops@example.co.za [--name "Ops Lead"] [--password 'Str0ng#Passw0rd']`.
 * Without --password it prints a link (valid 72 hours) where the user sets their own. Uses the
 * same configuration as the server (DATABASE_URL, DATA_DIR, PUBLIC_URL) and applies migrations first.
 */
import { failCommandLine, parseCommandLine } from '../../../../../scripts/lib/command-line.mjs';
import { ensureAppSecret, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { applyMigrations } from '../../db/migrate.js';
import { AppError } from '../../platform/errors/app-error.js';
import { createSuperAdmin } from './bootstrap.service.js';

const command = 'npm run admin:create';
const { values } = parseCommandLine({
  command,
  usage: `
Usage: ${command} -- --email EMAIL [--name NAME] [--password PASSWORD]

Creates a staff user with the super-admin role (README "Back office (staff)") on the database
the server uses: DATABASE_URL, or the embedded one in DATA_DIR (default: .data at the
repository root). Migrations are applied first.

  --email EMAIL         the user's email (required)
  --name NAME           their name (default: from the email)
  --password PASSWORD   their password; without it, prints a link where they set their own
                        (valid 72 hours, on PUBLIC_URL)
  -h, --help            this text`,
  options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
});
if (!values.email) failCommandLine(command, '--email is required');
const config = ensureAppSecret(loadConfig());
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  await database.withStartupLock(() => applyMigrations(database));
  const created = await createSuperAdmin(
    database.db,
    {
      email: values.email,
      ...(values.name ? { name: values.name } : {}),
      ...(values.password ? { password: values.password } : {}),
    },
    config.publicUrl,
  );
  console.info(`Created staff user ${created.userId} (${values.email}) with the super-admin role.`);
  if (created.passwordLink) console.info(`They set their password at (valid 72 hours): ${created.passwordLink}`);
} catch (error) {
  const fields = error instanceof AppError && error.fieldErrors ? ` ${JSON.stringify(error.fieldErrors)}` : '';
  console.error(`Could not create the user: ${error instanceof Error ? error.message : String(error)}${fields}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
