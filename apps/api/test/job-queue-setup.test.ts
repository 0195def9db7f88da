import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.js';
import { createJobQueue, JOB_QUEUE_SETUP_LOCK_KEY, type JobQueue } from '../src/platform/jobs/job-queue.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

/**
 * Issue 22 item 2: API processes starting together on one PostgreSQL database set pg-boss up one
 * after the other (`DatabaseHandle.withLock`); created at once, the same queues deadlocked
 * (`pgboss.create_queue`, "deadlock detected", the process exited). On PGlite one process owns the
 * database and the lock is in-process (queues started at once on its one connection would mix
 * their transactions).
 */

const log = Fastify({ logger: { level: 'silent' } }).log;
const QUEUES = Array.from({ length: 12 }, (_, index) => `setup-test-${index}`);
const JOBS = { retryLimit: 0, retryDelaySeconds: 1, pollIntervalSeconds: 0.5, batchSize: 5 };

let database: TestDatabase;
/** Handles of their own (a pool each on PostgreSQL), as separate processes would have. */
const handles: DatabaseHandle[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  for (let index = 0; index < 3; index += 1) {
    handles.push(database.url ? await openDatabase({ databaseUrl: database.url }) : database.handle);
  }
});
afterAll(async () => {
  if (database.url) await Promise.all(handles.map((handle) => handle.close()));
  await database.destroy();
});

describe('job queue set-up by several processes at once', () => {
  it('starts three queues with the same twelve queues together, each set up once, none failing', async () => {
    const queues: JobQueue[] = handles.map((handle) => {
      const queue = createJobQueue({
        db: handle.db,
        kind: handle.kind,
        config: JOBS,
        log,
        withSetupLock: (fn) => handle.withLock(JOB_QUEUE_SETUP_LOCK_KEY, fn),
      });
      for (const name of QUEUES) queue.define(name, async () => undefined);
      return queue;
    });
    const outcomes = await Promise.allSettled(queues.map((queue) => queue.start()));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const created = (await database.handle.db.execute(
      sql`select count(*)::int as total from pgboss.queue where name like 'setup-test-%'`,
    )) as unknown as { rows: { total: number }[] };
    expect(created.rows).toEqual([{ total: QUEUES.length }]);
    await Promise.all(queues.map((queue) => queue.stop()));
  });

  it('withLock makes a second holder wait for the first (an advisory lock on PostgreSQL, in-process on PGlite)', async () => {
    const [first, second] = handles as [DatabaseHandle, DatabaseHandle];
    const order: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => undefined;
    const firstEntered = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const holding = first.withLock(727_099, async () => {
      order.push('first in');
      entered();
      await held;
      order.push('first out');
    });
    await firstEntered;
    const waiting = second.withLock(727_099, async () => {
      order.push('second in');
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await Promise.all([holding, waiting]);
    expect(order).toEqual(['first in', 'first out', 'second in']);
  });
});
