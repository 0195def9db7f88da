import type pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { findRoleIdByName } from '../src/modules/roles/roles.service.js';
import { createStaffUser } from '../src/modules/users/users.service.js';
import { createSession, markSessionVerified } from '../src/platform/auth/sessions.js';
import { startChildServer } from './child-server.js';
import { type LoadOptions, runLoad, summarizeRuns } from './load.js';

/** The staff list must answer within this p95, in ms (issue 9). */
export const BENEFIT_LIST_P95_TARGET_MS = 50;

/** A super-admin with a verified session on the bench database: the bearer token. */
export async function staffToken(database: DatabaseHandle): Promise<string> {
  const roleId = await findRoleIdByName(database.db, 'super-admin');
  if (!roleId) throw new Error('the super-admin role is missing: did the app start?');
  const email = `bench-${Date.now()}@benefitfinder.co.za`;
  const user = await createStaffUser(
    database.db,
    { email, name: 'Bench', phoneNumber: undefined, twoFactorMethod: 'EMAIL', roleIds: [roleId], active: true },
    { actor: { type: 'system', label: 'bench' } },
    { passwordHash: 'bench-no-password' },
  );
  const session = await createSession(database.db, { area: 'admin', subjectId: user.id });
  await markSessionVerified(database.db, session.sessionId);
  return session.token;
}

/**
 * Benchmarks the staff benefits list (`GET /api/v1/benefits`, issue 9) of the real app on the
 * bench database: first pages, status and fund filters, searches by ID number and surname, and
 * deep pages by cursor, in turn. Prints requests/s and p50/p95/p99 against the 50 ms p95 target.
 */
export async function runBenefitListBench(
  client: pg.Client,
  options: LoadOptions & { databaseUrl: string; warmupSeconds: number },
): Promise<{ p95Ms: number }> {
  const app = await startChildServer('./app-server.ts', { DATABASE_URL: options.databaseUrl });
  const database = await openDatabase({ databaseUrl: options.databaseUrl });
  try {
    const token = await staffToken(database);
    const headers = { authorization: `Bearer ${token}` };
    const fund = (await client.query('select id from funds order by id limit 1')).rows[0]?.id;
    const people = (await client.query('select id_number from persons tablesample system (0.1) limit 200')).rows;
    const paths = [
      '/api/v1/benefits?pageSize=25',
      '/api/v1/benefits?filter[status]=paid',
      '/api/v1/benefits?q=Mokoena',
    ];
    if (fund) paths.push(`/api/v1/benefits?filter[fundId]=${fund}&filter[status]=claimed`);
    for (const person of people) paths.push(`/api/v1/benefits?q=${person.id_number}`);
    // Deep pages: follow the cursor 40 pages into the list, then use those cursors.
    let cursor: string | null = null;
    for (let page = 0; page < 40; page += 1) {
      const response: Response = await fetch(
        `${app.origin}/api/v1/benefits?pageSize=100${cursor ? `&cursor=${cursor}` : ''}`,
        {
          headers,
        },
      );
      if (!response.ok) throw new Error(`benefits list answered ${response.status}: ${await response.text()}`);
      cursor = ((await response.json()) as { nextCursor: string | null }).nextCursor;
      if (!cursor) break;
      paths.push(`/api/v1/benefits?pageSize=25&cursor=${cursor}`);
    }
    const load = { ...options, headers };
    if (options.warmupSeconds > 0)
      await runLoad(app.origin, paths, { ...load, durationSeconds: options.warmupSeconds });
    const figures = summarizeRuns([await runLoad(app.origin, paths, load)]);
    const verdict = figures.p95Ms <= BENEFIT_LIST_P95_TARGET_MS ? 'meets' : 'MISSES';
    console.info(
      `\nStaff benefits list: GET /api/v1/benefits (${paths.length} different queries in turn: first pages, filters, ID and surname searches, cursor pages)\n` +
        `requests/s ${Math.round(figures.requestsPerSecond).toLocaleString('en-US')}  p50 ${figures.p50Ms.toFixed(2)} ms  ` +
        `p95 ${figures.p95Ms.toFixed(2)} ms  p99 ${figures.p99Ms.toFixed(2)} ms  failures ${figures.failures}\n` +
        `target: p95 under ${BENEFIT_LIST_P95_TARGET_MS} ms: ${verdict}`,
    );
    return { p95Ms: figures.p95Ms };
  } finally {
    await database.close();
    await app.stop();
  }
}
