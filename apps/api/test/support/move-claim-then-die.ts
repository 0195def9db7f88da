/**
 * A server process for `claim-announcements.test.ts` that approves one claim and is killed
 * (SIGKILL) the moment the approval's transaction has committed: no code of the move after the
 * commit runs (nothing after the commit may be needed to tell the member).
 *
 * It starts like the real server (configuration from its environment: `DATABASE_URL` or
 * `DATA_DIR`, `APP_SECRET`, `SMS_GATEWAY_URL`, ...; `CLAIM_ID` names an `in_review` claim). Its
 * job workers are stopped before the move, so none of them takes the new jobs before the kill.
 * The kill is armed on the database client: when PostgreSQL answers a connection's COMMIT, or
 * when PGlite's `transaction` resolves (after its COMMIT).
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { moveClaim } from '../../src/modules/benefit-claims/claim-moves.service.js';

const config = loadConfig(process.env);
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
const app = await buildApp({ config, database });
await app.ready();
await app.jobs.stop();

const die = () => process.kill(process.pid, 'SIGKILL');
const client = (database.db as unknown as { $client: unknown }).$client;
if (database.kind === 'postgres') {
  const pool = client as pg.Pool;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<pg.PoolClient>;
  // Drizzle takes a transaction's connection with `await pool.connect()`; pool.query passes a callback.
  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    return connect().then((connection) => {
      const query = connection.query.bind(connection) as (...queryArgs: unknown[]) => Promise<unknown>;
      connection.query = ((...queryArgs: unknown[]) => {
        const first = queryArgs[0] as string | { text?: string };
        const text = typeof first === 'string' ? first : first?.text;
        const answer = query(...queryArgs);
        return text?.trim().toLowerCase() === 'commit' ? answer.then(die) : answer;
      }) as typeof connection.query;
      return connection;
    });
  }) as typeof pool.connect;
} else {
  const pglite = client as PGlite;
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = async (callback) => {
    const result = await transaction(callback);
    die();
    return result;
  };
}
await moveClaim(app, {
  claimId: Number(process.env.CLAIM_ID),
  from: 'in_review',
  to: 'approved',
  actor: { type: 'system', id: null },
});
throw new Error('the process should have been killed at the commit');
