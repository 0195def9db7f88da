import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { buildApp } from '../src/app.js';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { applyMigrations } from '../src/db/migrate.js';
import { benefitClaims, notifications } from '../src/db/schema/index.js';
import { startDraftClaim } from '../src/modules/benefit-claims/benefit-claims.service.js';
import { moveClaim } from '../src/modules/benefit-claims/claim-moves.service.js';
import { type ClaimingMember, claimingMember } from './support/claims.js';
import { startSmsGateway } from './support/message-servers.js';
import { createTestApp, testConfig, testEnv } from './support/test-app.js';
import { createTestDatabase, migratedDataDir } from './support/test-database.js';

// Issue 15 item 1: a claim move and the member's notification are stored in one transaction.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SYSTEM = { type: 'system' as const, id: null };
const NOTIFICATION_QUEUES = ['notification-live', 'notification-push', 'notification-message'];

/** The member's claim, started and put in review (the state staff or a partner approve from). */
async function claimInReview(app: FastifyInstance, member: ClaimingMember): Promise<number> {
  const { claim } = await startDraftClaim(
    app.db,
    { id: member.benefitId, fundId: member.fundId, status: 'unclaimed' },
    member.personUserId,
    SYSTEM,
    null,
  );
  await app.db.update(benefitClaims).set({ status: 'in_review' }).where(eq(benefitClaims.id, claim.id));
  return claim.id;
}

async function claimStatus(app: FastifyInstance, claimId: number) {
  const [row] = await app.db.select().from(benefitClaims).where(eq(benefitClaims.id, claimId));
  return row?.status;
}

async function notificationsOf(app: FastifyInstance, personUserId: number) {
  return app.db.select().from(notifications).where(eq(notifications.personUserId, personUserId));
}

async function smsGateway() {
  const gateway = await startSmsGateway();
  cleanups.push(gateway.close);
  return gateway;
}

describe('claim announcements: stored with the move (issue 15 item 1)', () => {
  it('stores and sends nothing when the move rolls back; the same move committed is announced', async () => {
    const gateway = await smsGateway();
    const test = await createTestApp({ env: { SMS_GATEWAY_URL: gateway.url } });
    cleanups.push(test.close);
    const member = await claimingMember(test.app);
    const claimId = await claimInReview(test.app, member);

    await expect(
      test.app.db.transaction(async (tx) => {
        await moveClaim({ db: tx, jobs: test.app.jobs }, { claimId, from: 'in_review', to: 'approved', actor: SYSTEM });
        throw new Error('rolled back after the move');
      }),
    ).rejects.toThrow('rolled back after the move');
    await test.app.jobs.idle(NOTIFICATION_QUEUES);

    expect(await claimStatus(test.app, claimId)).toBe('in_review');
    expect(await notificationsOf(test.app, member.personUserId)).toEqual([]);
    const queued = (await test.app.db.execute(
      sql`select count(*)::int as total from pgboss.job where name in ('notification-live', 'notification-push', 'notification-message')`,
    )) as unknown as { rows: { total: number }[] };
    expect(queued.rows).toEqual([{ total: 0 }]);
    expect(gateway.requests).toEqual([]);

    await moveClaim(test.app, { claimId, from: 'in_review', to: 'approved', actor: SYSTEM });
    await expect.poll(() => gateway.requests.length, { timeout: scaled(15_000) }).toBe(1);
    expect(gateway.requests[0]?.body).toMatchObject({ to: member.phoneNumber });
    expect((await notificationsOf(test.app, member.personUserId)).map((row) => row.event)).toEqual(['claim.approved']);
  });

  it(
    'still tells the member when the server is killed right after the commit: the restarted server sends it',
    async () => {
      const gateway = await smsGateway();
      const dataDir = mkdtempSync(join(tmpdir(), 'bcp-crash-'));
      const postgres = process.env.TEST_DATABASE_URL ? await createTestDatabase() : undefined;
      if (postgres) cleanups.push(() => postgres.destroy());
      const env = testEnv(dataDir, {
        LOG_LEVEL: 'silent',
        SMS_GATEWAY_URL: gateway.url,
        ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
      });
      const config = testConfig(dataDir, env);
      /** Opens the database as a server would (the same PostgreSQL database, or PGlite in `dataDir`). */
      async function open(): Promise<DatabaseHandle> {
        if (postgres) return postgres.handle;
        const handle = await openDatabase({ dataDir });
        await applyMigrations(handle);
        return handle;
      }

      // The migrated template on disk: the migrations are not what this test is about.
      if (!postgres) await migratedDataDir(dataDir);
      const seeding = await open();
      const seeder = await buildApp({ config, database: seeding });
      const member = await claimingMember(seeder);
      const claimId = await claimInReview(seeder, member);
      await seeder.close();
      if (!postgres) await seeding.close();

      const child = fork(fileURLToPath(new URL('./support/move-claim-then-die.ts', import.meta.url)), [], {
        execArgv: ['--import', 'tsx', '--conditions=source'],
        env: { ...process.env, ...env, CLAIM_ID: String(claimId) },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const [code, signal] = await once(child, 'exit');
      expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' });
      expect(gateway.requests).toEqual([]);

      // The restart: a new server on the same database delivers what the killed one committed.
      const database = await open();
      if (!postgres) cleanups.push(() => database.close());
      const restarted = await buildApp({ config, database });
      cleanups.push(() => restarted.close());
      expect(await claimStatus(restarted, claimId)).toBe('approved');
      await restarted.ready();
      await expect.poll(() => gateway.requests.length, { timeout: scaled(20_000) }).toBe(1);
      expect(gateway.requests[0]?.body).toMatchObject({ to: member.phoneNumber });
      expect((await notificationsOf(restarted, member.personUserId)).map((row) => row.event)).toEqual([
        'claim.approved',
      ]);
    },
    scaled(90_000),
  );
});
