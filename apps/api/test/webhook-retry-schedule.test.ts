import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { loadConfig } from '../src/config.js';
import { webhookDeliveries } from '../src/db/schema/index.js';
import { webhookRetrySchedule } from '../src/modules/webhooks/retry-schedule.js';
import { partnerCall, partnerWithKey } from './support/partners.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/*
 * Issue 39 item 3: the retry schedule in docs/partners.md is exact, jitter included. The table
 * there is what `webhookRetrySchedule` computes for the default configuration, and the waits pg-boss
 * really stores after failed attempts fall within the bounds that function gives.
 */

const partnersGuide = readFileSync(new URL('../../../docs/partners.md', import.meta.url), 'utf8');

/** The rows `| n | earliest to latest | ... |` of the retry table in docs/partners.md. */
function documentedSchedule(): { retry: number; earliestSeconds: number; latestSeconds: number }[] {
  const rows = [...partnersGuide.matchAll(/^\| (\d{1,2}) \| (\d{1,6}) to (\d{1,6}) \|/gm)];
  return rows.map((row) => ({
    retry: Number(row[1]),
    earliestSeconds: Number(row[2]),
    latestSeconds: Number(row[3]),
  }));
}

describe('issue 39 item 3: the documented retry schedule', () => {
  it('docs/partners.md gives the computed schedule for the default configuration, retry by retry', () => {
    const defaults = loadConfig({ NODE_ENV: 'test' }).webhooks;
    expect(defaults).toMatchObject({ retryLimit: 10, retryDelaySeconds: 90 });
    const computed = webhookRetrySchedule(defaults);
    expect(computed).toHaveLength(10);
    expect(documentedSchedule()).toEqual(computed);
    // The doubling, up to twice it: 90-180 s first, 12.8-25.6 h the last.
    expect(computed[0]).toEqual({ retry: 1, earliestSeconds: 90, latestSeconds: 180 });
    expect(computed[9]).toEqual({ retry: 10, earliestSeconds: 46_080, latestSeconds: 92_160 });
    // The totals the guide states: the last attempt 25 h 35 min to 51 h 9 min after the first.
    const total = (key: 'earliestSeconds' | 'latestSeconds') => computed.reduce((sum, wait) => sum + wait[key], 0);
    expect([total('earliestSeconds'), total('latestSeconds')]).toEqual([92_070, 184_140]);
    expect(partnersGuide).toContain('25 h 35 min');
    expect(partnersGuide).toContain('51 h 9 min');
  });

  describe('the waits pg-boss stores', () => {
    let testApp: TestApp;
    let receiver: WebhookReceiver;
    const app = () => testApp.app;

    beforeAll(async () => {
      receiver = await startWebhookReceiver([], () => 500);
      testApp = await createTestApp({
        env: {
          WEBHOOK_ALLOW_HTTP: 'true',
          WEBHOOK_RETRY_LIMIT: '2',
          WEBHOOK_RETRY_DELAY_SECONDS: '1',
          JOB_POLL_INTERVAL_SECONDS: '0.5',
        },
      });
    });
    afterAll(async () => {
      await testApp.close();
      await receiver.close();
    });

    /** The delivery's job as pg-boss keeps it: state, retries so far, when it runs next. */
    async function jobOf(deliveryId: number) {
      const result = (await app().db.execute(
        sql`select state, retry_count, start_after from pgboss.job
            where name = 'webhook-delivery' and data->>'deliveryId' = ${String(deliveryId)}`,
      )) as unknown as { rows: { state: string; retry_count: number; start_after: string | Date }[] };
      const [row] = result.rows;
      return row ? { state: row.state, retryCount: row.retry_count, startAfter: new Date(row.start_after) } : undefined;
    }

    async function lastAttemptAt(deliveryId: number): Promise<Date> {
      const [row] = await app().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
      return row?.lastAttemptAt as Date;
    }

    it("the served document states this server's schedule (testWebhook's description)", async () => {
      const document = (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const description = document.paths['/api/v2/webhooks/{id}/test'].post.description as string;
      expect(description).toContain('retried 2 times');
      expect(description).toContain(
        'between 1 × 2^(n-1) seconds and twice that (random jitter): 1 s to 2 s, 2 s to 4 s.',
      );
      expect(description).toContain('The last attempt is 3 s to 6 s after the first');
    });

    it('each retry is scheduled between the doubling and twice it after the failed attempt', async () => {
      const { key } = await partnerWithKey(app(), 'Retry schedule');
      const created = await partnerCall(app(), key, 'POST', '/webhooks', {
        url: `${receiver.url}/always-500`,
        events: ['claim.submitted'],
      });
      expect(created.statusCode, created.body).toBe(201);
      const test = await partnerCall(app(), key, 'POST', `/webhooks/${created.json().id}/test`);
      expect(test.statusCode, test.body).toBe(202);
      const deliveryId = test.json().id as number;
      const schedule = webhookRetrySchedule(app().config.webhooks);
      expect(schedule).toHaveLength(2);

      for (const wait of schedule) {
        // After attempt n fails, the job waits in `retry` with n-1 retries made so far.
        await expect
          .poll(async () => jobOf(deliveryId), { timeout: scaled(15_000), interval: 20 })
          .toMatchObject({ state: 'retry', retryCount: wait.retry - 1 });
        const seen = Date.now();
        const job = await jobOf(deliveryId);
        // The attempt failed after it started (lastAttemptAt) and before it was seen failed.
        const startedAt = (await lastAttemptAt(deliveryId)).getTime();
        const startAfter = job?.startAfter.getTime() as number;
        const slackMs = 5;
        expect(startAfter - startedAt, `retry ${wait.retry}: longest possible wait`).toBeGreaterThanOrEqual(
          wait.earliestSeconds * 1000 - slackMs,
        );
        expect(startAfter - seen, `retry ${wait.retry}: shortest possible wait`).toBeLessThan(
          wait.latestSeconds * 1000 + slackMs,
        );
      }
      // The last retry fails too: the delivery is logged failed (the job itself ends there).
      await app().jobs.idle(['webhook-delivery']);
      const [row] = await app().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
      expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    });
  });
});
