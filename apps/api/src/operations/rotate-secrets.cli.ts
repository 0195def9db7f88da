/**
 * `npm run secrets:rotate` (production: `node apps/api/dist/operations/rotate-secrets.cli.js`):
 * re-encrypts every secret stored at rest under the first key of FIELD_ENCRYPTION_KEYS
 * (docs/operations.md "Rotating the field-encryption key", decision 055). Uses the server's
 * configuration (DATABASE_URL or the embedded database in DATA_DIR, APP_SECRET,
 * FIELD_ENCRYPTION_KEYS); the database must be migrated. Prints counts only, never a value.
 * Exit code 0 when done, 1 on any failure (values already rewritten stay rewritten; run again).
 */
import { parseArgs } from 'node:util';

const command = 'npm run secrets:rotate';
const usage = `Usage: ${command}

Re-encrypts bank account numbers and webhook signing secrets under the first key of
FIELD_ENCRYPTION_KEYS (kid:base64key,...; the others are old keys, read only). Uses the server's
DATABASE_URL (or DATA_DIR), APP_SECRET and FIELD_ENCRYPTION_KEYS. Prints counts only.

  -h, --help   this text`;
// The command line as scripts/lib/command-line.mjs reads it (that file is outside the build's root).
try {
  const { values } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, strict: true });
  if (values.help) {
    console.info(usage);
    process.exit(0);
  }
} catch (error) {
  const firstLine = (error instanceof Error ? error.message : String(error)).split('\n')[0] as string;
  // parseArgs' advice about `--` does not fit npm scripts: cut it (no regex: issue 13 item 2).
  const advice = firstLine.indexOf('. To specify a positional argument');
  console.error(`${command}: ${advice < 0 ? firstLine : firstLine.slice(0, advice)} (--help for usage)`);
  process.exit(2);
}

function configuration() {
  try {
    return ensureAppSecret(loadConfig());
  } catch (error) {
    // A ConfigError names the variables, never their values.
    console.error(`Could not rotate: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

// Loaded once the command line is read: --help and a wrong option answer without them (faster).
const { ensureAppSecret, loadConfig } = await import('../config.js');
const { databaseTargetOf, openDatabase } = await import('../db/client.js');
const { createFieldKeyring } = await import('../platform/crypto/field-encryption.js');
const { rotateStoredSecrets } = await import('./rotate-secrets.js');

const config = configuration();
const database = await openDatabase(databaseTargetOf(config));
try {
  const keyring = createFieldKeyring(config.appSecret, config.fieldEncryptionKeys);
  const report = await rotateStoredSecrets(database.db, keyring);
  console.info(`Re-encrypting under key "${keyring.currentKid}":`);
  for (const [kind, counts] of Object.entries(report)) {
    console.info(`  ${kind}: ${counts.examined} read, ${counts.reencrypted} re-encrypted`);
  }
  console.info('Done. Keep the old keys until queued messages have drained (docs/operations.md).');
} catch (error) {
  console.error(`Could not rotate: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
