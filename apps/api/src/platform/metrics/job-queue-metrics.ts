import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/result-rows.js';
import type { ScrapedMetric } from './scraped-metric.js';

/** One pg-boss queue's backlog now. */
export interface QueueBacklog {
  queue: string;
  /** Jobs created or waiting for a retry (due or not). */
  waiting: number;
  /** Jobs a worker is running. */
  active: number;
  /** Seconds the longest-waiting due job (created or retry, its start time passed) has waited; 0 with none. */
  oldestDueSeconds: number;
}

/**
 * Every pg-boss queue's backlog, read from pg-boss's own tables in its `pgboss` schema (platform's:
 * pg-boss keeps them, no module owns them), one row per queue, queues without jobs included.
 * @throws the database's error, e.g. before pg-boss has created its schema
 */
export async function readQueueBacklogs(db: Database): Promise<QueueBacklog[]> {
  const rows = rowsOf<{ queue: string; waiting: string | number; active: string | number; oldest: string | number }>(
    await db.execute(sql`
      select q.name as queue,
        count(j.id) filter (where j.state in ('created', 'retry')) as waiting,
        count(j.id) filter (where j.state = 'active') as active,
        coalesce(extract(epoch from now() - min(j.start_after)
          filter (where j.state in ('created', 'retry') and j.start_after <= now())), 0) as oldest
      from pgboss.queue q
      left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry', 'active')
      group by q.name
      order by q.name`),
  );
  return rows.map((row) => ({
    queue: row.queue,
    waiting: Number(row.waiting),
    active: Number(row.active),
    oldestDueSeconds: Math.max(0, Number(row.oldest)),
  }));
}

/**
 * The job queue's metrics (issue 37 item 1), read on scrape: `bcp_job_queue_waiting`,
 * `bcp_job_queue_active` and `bcp_job_queue_oldest_age_seconds`, each by `queue` (pg-boss queue
 * names are ours, e.g. `webhook-delivery`; no ids).
 */
export function jobQueueMetrics(db: Database): ScrapedMetric[] {
  // One query serves the three metrics of one scrape.
  let pending: Promise<QueueBacklog[]> | undefined;
  const backlogs = () => {
    pending ??= readQueueBacklogs(db).finally(() => {
      pending = undefined;
    });
    return pending;
  };
  const labelNames = ['queue'] as const;
  return [
    {
      name: 'bcp_job_queue_waiting',
      help: 'Jobs waiting in a pg-boss queue (created, or waiting for a retry).',
      labelNames,
      read: async () => (await backlogs()).map((b) => ({ labels: { queue: b.queue }, value: b.waiting })),
    },
    {
      name: 'bcp_job_queue_active',
      help: 'Jobs of a pg-boss queue a worker is running.',
      labelNames,
      read: async () => (await backlogs()).map((b) => ({ labels: { queue: b.queue }, value: b.active })),
    },
    {
      name: 'bcp_job_queue_oldest_age_seconds',
      help: 'Seconds the longest-waiting due job of a pg-boss queue has waited (0 when none is due).',
      labelNames,
      read: async () => (await backlogs()).map((b) => ({ labels: { queue: b.queue }, value: b.oldestDueSeconds })),
    },
  ];
}
