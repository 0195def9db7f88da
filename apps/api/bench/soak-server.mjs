/**
 * The server of the memory soak (`soak.bench.ts`, issue 40 item 5): what `npm start` runs, from
 * `dist/` under plain Node (build first), on the embedded PGlite database in `DATA_DIR` (no
 * `DATABASE_URL`), in development with the demo data, as a fresh `.data` folder gives. Once it
 * listens it makes a verified session for the demo super-admin and one for a member signed up for the first demo person,
 * and reports `{ port, staffToken, memberToken, idNumbers }` over IPC. On `{ memory: true }` it
 * answers `{ memory }`: `process.memoryUsage()` in bytes; with `collect: true` also `liveHeap`, the
 * V8 heap used right after a full garbage collection (what is still referenced: a leak grows it,
 * garbage does not; the collection itself keeps the heap smaller than it would be).
 * `SOAK_V8_FLAGS` sets V8 flags once the server started (to compare heap settings).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../dist/config.js';
import { createSession, markSessionVerified } from '../dist/platform/auth/sessions.js';
import { startServer } from '../dist/server.js';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  DATABASE_URL: '',
});
// One load generator (one IP) must not be throttled by the per-IP search limit.
const app = await startServer({ ...config, benefitSearchLimitPerHour: 1_000_000_000 });

/** Rows of a query on the server's database. */
const rows = async (query) => {
  const result = await app.db.execute(query);
  return Array.isArray(result) ? result : result.rows;
};
const [admin] = await rows(sql`select id from users where email = 'admin@benefitfinder.co.za'`);
const [person] = await rows(sql`select id from persons order by id limit 1`);
if (!admin || !person) throw new Error('soak-server: the demo data has no admin or person');
// The demo data has persons but no signed-up member: one signs up (email as the second factor).
const [member] =
  await rows(sql`insert into person_users (person_id, email, password_hash, two_factor_method, terms_accepted_at)
  values (${person.id}, 'soak-member@bench.test', 'soak', 'EMAIL', now()) returning id`);
const staff = await createSession(app.db, { area: 'admin', subjectId: admin.id });
await markSessionVerified(app.db, staff.sessionId);
const beneficiary = await createSession(app.db, { area: 'beneficiary', subjectId: member.id });
await markSessionVerified(app.db, beneficiary.sessionId);
const idNumbers = (await rows(sql`select id_number from persons order by id limit 200`)).map((row) => row.id_number);

// SOAK_V8_FLAGS (e.g. `--heap-growing-percent=0`, V8's default): V8 flags set after the server
// started, over what it set itself, to compare settings on the same build (decision 067).
if (process.env.SOAK_V8_FLAGS) setFlagsFromString(process.env.SOAK_V8_FLAGS);

// A full collection on demand without starting Node with --expose-gc.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc');
process.on('message', (message) => {
  if (!message?.memory) return;
  const memory = process.memoryUsage();
  if (!message.collect) return void process.send?.({ memory });
  collectGarbage();
  process.send?.({ memory, liveHeap: process.memoryUsage().heapUsed });
});
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.once('disconnect', () => process.exit(0));
process.send?.({
  port: app.server.address().port,
  staffToken: staff.token,
  memberToken: beneficiary.token,
  idNumbers,
});
