import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

/** A test app with one extra queue whose handler waits for `release()`. */
async function appWithSlowJob() {
  let started: () => void = () => undefined;
  let release: () => void = () => undefined;
  const handlerStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { finished: false };
  const test = await createTestApp({
    prepare: (app) => {
      app.jobs.define(
        'test-slow-job',
        async () => {
          started();
          await gate;
          // A handler that goes on using the database after shutdown (its error is caught, not raised).
          await app.db.execute(sql`select 1`).catch(() => undefined);
          state.finished = true;
        },
        { retryLimit: 3, retryDelaySeconds: 60 },
      );
    },
  });
  const jobState = async (id: string) => {
    const result = await test.app.db.execute(sql`select state from pgboss.job where id = ${id}`);
    return (result as unknown as { rows: { state: string }[] }).rows[0]?.state;
  };
  return { test, handlerStarted, release, state, jobState };
}

/**
 * Shutting down with a job running (decision 013): `stop` waits up to its timeout for running jobs
 * and pg-boss records them; a job that outlives it is failed (and retried later), and when it
 * finishes after the database has closed, nothing is raised. CI once failed on an unhandled
 * "Cannot use a pool after calling end on the pool": pg-boss recording a slow job's completion,
 * unawaited, after the server had closed the pool.
 */
describe('job queue shutdown', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  it('waits for a job that finishes within the timeout, and records it completed', async () => {
    const { test, handlerStarted, release, state, jobState } = await appWithSlowJob();
    apps.push(test);
    const jobId = await test.app.jobs.send('test-slow-job', {});
    await handlerStarted;
    setTimeout(release, 300);
    await test.app.jobs.stop(3_000);
    expect(state.finished).toBe(true);
    expect(await jobState(jobId)).toBe('completed');
  });

  it('fails a job that outlives the timeout (to be retried), and raises nothing when it ends after the database closed', async () => {
    const { test, handlerStarted, release, state, jobState } = await appWithSlowJob();
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const jobId = await test.app.jobs.send('test-slow-job', {});
      await handlerStarted;
      await test.app.jobs.stop(1_000);
      expect(state.finished).toBe(false);
      expect(await jobState(jobId)).toBe('retry');
      await test.close();
      release();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(state.finished).toBe(true);
      expect(rejections).toEqual([]);
      expect(
        test.logs.some((line) => String(line.msg).startsWith('job queue: statement after the database closed')),
      ).toBe(true);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});
