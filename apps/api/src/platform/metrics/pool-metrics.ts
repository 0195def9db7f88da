import pg from 'pg';
import type { Database } from '../../db/client.js';
import type { ScrapedMetric } from './scraped-metric.js';

/** The `pg` pool under the database, or undefined on the embedded PGlite (which has no pool). */
export function poolOf(db: Database): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * The PostgreSQL connection pool's use (issue 37 item 1), read on scrape, by `state`: `total`
 * (connections open), `idle` (open and free) and `waiting` (queries waiting for a connection);
 * none on PGlite.
 */
export function poolMetrics(db: Database): ScrapedMetric[] {
  const pool = poolOf(db);
  if (!pool) return [];
  return [
    {
      name: 'bcp_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), free (idle), and queries waiting for one (waiting).',
      labelNames: ['state'],
      read: async () => [
        { labels: { state: 'total' }, value: pool.totalCount },
        { labels: { state: 'idle' }, value: pool.idleCount },
        { labels: { state: 'waiting' }, value: pool.waitingCount },
      ],
    },
  ];
}
