/**
 * Checks the audit trail's hash chain (issue 36 item 5, decision 039; README "Audit log"):
 * `npm run audit:verify [-- --anchor SEQ:HASH ...]`. Seals the events not chained yet, then
 * recomputes every event's hash in chain order. Exit 0 with `audit chain intact: N events`; exit 1
 * naming the first broken link (`event 1234 (claims.approved, ...) does not match its hash: changed
 * after it was written`, `chain broken between event X and Y`); exit 2 for a bad command line. Uses
 * the same configuration as the server (DATABASE_URL, or the embedded database in DATA_DIR) and
 * applies migrations first.
 */
import { failCommandLine, parseCommandLine } from '../../../../../scripts/lib/command-line.mjs';

const command = 'npm run audit:verify';
const { values } = parseCommandLine({
  command,
  usage: `
Usage: ${command} [-- --anchor SEQ:HASH ...]

Checks that no audit event was changed, removed or inserted after it was written (README
"Audit log"): chains the events not sealed yet, then recomputes every event's hash and each
link to the one before, on the database the server uses: DATABASE_URL, or the embedded one in
DATA_DIR (default: .data at the repository root; stop the server first). Migrations are
applied first.

Exits 0 with "audit chain intact: N events" and the last event's place and hash; exits 1
naming the first broken link.

  --anchor SEQ:HASH   a place and hash printed by an earlier check (repeatable): the event
                      there must still have that hash, which shows events removed from the end
  -h, --help          this text`,
  options: { anchor: { type: 'string', multiple: true } },
});

const anchors = new Map<number, string>();
for (const anchor of (values.anchor as unknown as string[] | undefined) ?? []) {
  const match = /^(\d{1,15}):([0-9a-f]{64})$/.exec(anchor.trim());
  if (!match)
    failCommandLine(command, `--anchor ${anchor.slice(0, 80)}: write it as SEQ:HASH (a place and a 64-hex hash)`);
  anchors.set(Number(match[1]), match[2] as string);
}

// Loaded once the command line is read: --help and a wrong option answer without them (faster).
const { loadConfig } = await import('../../config.js');
const { databaseTargetOf, openDatabase } = await import('../../db/client.js');
const { applyMigrations } = await import('../../db/migrate.js');
const { sealAuditChain, verifyAuditChain } = await import('../../platform/audit/audit-chain.js');

const config = loadConfig();
const database = await openDatabase(databaseTargetOf(config));
try {
  await database.withStartupLock(() => applyMigrations(database));
  const sealed = await sealAuditChain(database.db, { wait: true });
  const report = await verifyAuditChain(database.db, { anchors });
  if (report.intact) {
    console.info(`audit chain intact: ${report.events} events`);
    if (report.head) console.info(`last event: place ${report.head.seq}, hash ${report.head.hash}`);
    if (sealed > 0) console.info(`${sealed} events were sealed into the chain by this check`);
    if (report.unsealed > 0) {
      console.info(`${report.unsealed} events written in the last minute are not sealed yet (checked at the next run)`);
    }
  } else {
    console.error(`audit chain broken: ${report.problem}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`Could not check the audit chain: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
