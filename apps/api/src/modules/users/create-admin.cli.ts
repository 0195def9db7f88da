/**
 * Creates a staff user with the super-admin role, e.g. the first one (README "Back office (staff)"):
 * `npm run admin:create -- --email ops@example.co.za [--name "Ops Lead"]`. The password never goes
 * on the command line, where npm echoes it (issue 41 item 4): it comes from `ADMIN_PASSWORD`, or
 * from a prompt that does not echo when standard input is a terminal. Without one it prints a link
 * (valid 72 hours) where the user sets their own, on `PUBLIC_URL` or else `http://localhost:<PORT>`.
 * Uses the same configuration as the server (DATABASE_URL, DATA_DIR, PUBLIC_URL, PORT) and applies
 * migrations first.
 */
import { failCommandLine, parseCommandLine } from '../../../../../scripts/lib/command-line.mjs';

const command = 'npm run admin:create';
const { values } = parseCommandLine({
  command,
  usage: `
Usage: ${command} -- --email EMAIL [--name NAME]

Creates a staff user with the super-admin role (README "Back office (staff)") on the database
the server uses: DATABASE_URL, or the embedded one in DATA_DIR (default: .data at the
repository root). Migrations are applied first.

  --email EMAIL         the user's email (required)
  --name NAME           their name (default: from the email)
  -h, --help            this text

The password is never an argument (npm prints the command line): it is read from the
environment variable ADMIN_PASSWORD or, when run in a terminal, asked for without echo (leave it
empty to skip). Without a password the command prints a link where the user sets their own
(valid 72 hours), on PUBLIC_URL, or else http://localhost:PORT.`,
  // `password` is declared only to refuse it with advice, rather than "unknown option".
  options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
});
if (values.password !== undefined) {
  failCommandLine(
    command,
    '--password is not accepted, since npm shows the command line: set ADMIN_PASSWORD or answer the prompt',
  );
}
if (!values.email) failCommandLine(command, '--email is required');

/**
 * Reads one line from the terminal without echoing it (raw mode; backspace edits, Ctrl-C ends the
 * command with exit code 130). Only for a TTY standard input.
 * @returns the line typed, without its end of line
 */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(question);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve) => {
    let answer = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          finish();
          resolve(answer);
          return;
        }
        if (char === '\u0003') {
          finish();
          process.exit(130);
        }
        if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1);
        else answer += char;
      }
    };
    input.on('data', onData);
  });
}

/**
 * The new user's password: `ADMIN_PASSWORD` when set (non-empty); else, in a terminal, typed twice
 * without echo (empty skips); else none (the command prints a link).
 */
async function readPassword(): Promise<string | undefined> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) return undefined;
  const password = await promptHidden('Password (not shown; leave empty to print a link instead): ');
  if (password === '') return undefined;
  if ((await promptHidden('The same password again: ')) !== password) {
    console.error('Could not create the user: the two passwords differ.');
    process.exit(1);
  }
  return password;
}

const password = await readPassword();
// Loaded once the command line is read: --help and a wrong option answer without them (faster).
const { ensureAppSecret, loadConfig } = await import('../../config.js');
const { databaseTargetOf, openDatabase } = await import('../../db/client.js');
const { applyMigrations } = await import('../../db/migrate.js');
const { AppError } = await import('../../platform/errors/app-error.js');
const { createSuperAdmin } = await import('./bootstrap.service.js');

const config = ensureAppSecret(loadConfig());
const database = await openDatabase(databaseTargetOf(config));
try {
  await database.withStartupLock(() => applyMigrations(database));
  // config.publicUrl is PUBLIC_URL when set, else http://localhost:<PORT> (config.ts).
  const created = await createSuperAdmin(
    database.db,
    { email: values.email, ...(values.name ? { name: values.name } : {}), ...(password ? { password } : {}) },
    config.publicUrl,
  );
  console.info(`Created staff user ${created.userId} (${values.email}) with the super-admin role.`);
  if (created.passwordLink) console.info(`They set their password at (valid 72 hours): ${created.passwordLink}`);
  else console.info('They sign in with the password given.');
} catch (error) {
  const fields = error instanceof AppError && error.fieldErrors ? ` ${JSON.stringify(error.fieldErrors)}` : '';
  console.error(`Could not create the user: ${error instanceof Error ? error.message : String(error)}${fields}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
