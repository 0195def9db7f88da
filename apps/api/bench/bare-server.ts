/**
 * The baseline: a bare `node:http` server answering `GET /api/app/benefits/idNumber` with the
 * same indexed query as `countUnclaimedBenefits`, through `pg` directly. No framework, no
 * logging, no rate limit, no security headers: what the query and HTTP alone cost.
 * Run as a child process by the bench (`DATABASE_URL`, and `BARE_PREPARED=1` for a prepared
 * statement, in its environment); it reports its port over IPC.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

/** The SQL Drizzle generates for `countUnclaimedBenefits` (apps/api/src/modules/benefits/benefits.service.ts). */
export const COUNT_UNCLAIMED_BENEFITS_SQL =
  'select count(*) from "benefits" inner join "persons" on "persons"."id" = "benefits"."person_id" ' +
  'where ("persons"."id_number" = $1 and "benefits"."status" = $2)';

const PATH = '/api/app/benefits/idNumber';

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/**
 * Starts the bare server on 127.0.0.1 (any free port) with a pool of 10, as the app's.
 * @param prepared the query as a named (prepared) statement, as the app sends it; false: unnamed,
 *   parsed and planned by PostgreSQL on every query (the baseline issue 22 item 5 was measured on)
 */
async function startBareServer(
  databaseUrl: string,
  prepared: boolean,
): Promise<{ port: number; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const statement = prepared
    ? { name: 'count_unclaimed_benefits', text: COUNT_UNCLAIMED_BENEFITS_SQL }
    : { text: COUNT_UNCLAIMED_BENEFITS_SQL };
  const server = createServer((request, response) => {
    const [path, query = ''] = (request.url ?? '').split('?', 2);
    if (request.method !== 'GET' || path !== PATH) return sendJson(response, 404, { message: 'Not found.' });
    const idNumber = new URLSearchParams(query).get('idNumber') ?? '';
    if (!/^\d{13}$/.test(idNumber)) {
      return sendJson(response, 422, { message: 'Validation failure', errors: { idNumber: ['13 digits'] } });
    }
    // BARE_PREPARED=1: a statement prepared by name, as the app's (planned once per connection),
    // so the ratio is the framework's cost alone; otherwise parsed and planned on every query.
    pool.query<{ count: string }>({ ...statement, values: [idNumber, 'unclaimed'] }).then(
      ({ rows }) => sendJson(response, 200, { totalBenefits: Number(rows[0]?.count ?? 0) }),
      () => sendJson(response, 500, { message: 'Something went wrong.' }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const bare = await startBareServer(databaseUrl, process.env.BARE_PREPARED === '1');
process.once('SIGTERM', () => void bare.close().then(() => process.exit(0)));
process.once('disconnect', () => process.exit(0));
process.send?.({ port: bare.port });
