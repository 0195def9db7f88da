import type { Database } from '../../db/client.js';
import { pingDatabase } from '../../db/client.js';
import type { ScrapedMetric } from './scraped-metric.js';

/**
 * `bcp_ready`, read on scrape: 1 when the database and, with `REDIS_URL`, Redis answer (what
 * `GET /api/ready` checks), 0 otherwise. Prometheus's own `up` says whether the process answered.
 * @param pingRedis the process's Redis ping; undefined without Redis
 */
export function readinessMetric(db: Database, pingRedis: (() => Promise<void>) | undefined): ScrapedMetric {
  return {
    name: 'bcp_ready',
    help: 'Whether this process is ready: 1 when the database and Redis (if used) answer, 0 otherwise.',
    read: async () => {
      try {
        await pingDatabase(db);
        await pingRedis?.();
        return [{ value: 1 }];
      } catch {
        return [{ value: 0 }];
      }
    },
  };
}
