import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { JobsConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createPgBossDatabase } from './pg-boss-database.js';

/** What a job handler is given: the job's data, its id, and how many times it was retried before. */
export interface JobContext<T> {
  id: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler<T> = (job: JobContext<T>) => Promise<void>;

/** Per-queue retry policy; defaults from `JobsConfig`. `retryDelaySeconds` doubles per retry. */
export interface QueueOptions {
  retryLimit?: number;
  retryDelaySeconds?: number;
}

/** Background jobs on the database (pg-boss; DESIGN.md "Growing past one machine"). */
export interface JobQueue {
  /**
   * Declares a queue and its handler. Call before `start` (at plugin registration). A handler that
   * throws is retried `retryLimit` times, waiting `retryDelaySeconds` doubled at each retry.
   */
  define<T extends object>(name: string, handler: JobHandler<T>, options?: QueueOptions): void;
  /**
   * Enqueues a job; resolves with its id once stored. Works before `start` too (the queue is
   * created when missing).
   * @throws Error for a queue not declared with `define`
   */
  send<T extends object>(name: string, data: T): Promise<string>;
  /**
   * Runs a declared queue's job on a cron schedule (5 fields, UTC), from `start` on. One job per
   * due time however many processes run (pg-boss schedules are kept in the database).
   * @throws Error for a queue not declared with `define`
   */
  schedule(name: string, cron: string): void;
  /** Resolves when no job of these queues is queued, retrying or running (tests, shutdown). */
  idle(names?: string[]): Promise<void>;
  /** Installs pg-boss's schema when missing, creates the queues, starts the workers. */
  start(): Promise<void>;
  /** Stops the workers, waiting up to `timeoutMs` for running jobs. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Creates the job queue on the server's database: PostgreSQL or the embedded PGlite (through
 * `createPgBossDatabase`). pg-boss keeps its tables in its own `pgboss` schema, which it creates
 * and migrates itself on `start`. Job errors are logged with the queue and job id only.
 */
export function createJobQueue(deps: {
  db: Database;
  kind: 'pglite' | 'postgres';
  config: JobsConfig;
  log: FastifyBaseLogger;
}): JobQueue {
  const { config, log } = deps;
  const boss = new PgBoss({
    db: createPgBossDatabase(deps.db, deps.kind),
    schedule: true,
    supervise: true,
    migrate: true,
  });
  boss.on('error', (error) => log.error({ error: error.message }, 'job queue error'));
  const definitions = new Map<string, { handler: JobHandler<object>; options: PgBoss.Queue }>();
  const schedules = new Map<string, string>();
  let starting: Promise<void> | undefined;
  let started = false;

  function queueOptions(name: string, options: QueueOptions = {}): PgBoss.Queue {
    return {
      name,
      retryLimit: options.retryLimit ?? config.retryLimit,
      retryDelay: options.retryDelaySeconds ?? config.retryDelaySeconds,
      retryBackoff: true,
    };
  }

  async function ensureBossStarted(): Promise<void> {
    starting ??= (async () => {
      await boss.start();
      for (const [name, { options }] of definitions) {
        if (!(await boss.getQueue(name))) await boss.createQueue(name, options);
        else await boss.updateQueue(name, options);
      }
    })();
    await starting;
  }

  return {
    define(name, handler, options) {
      definitions.set(name, { handler: handler as JobHandler<object>, options: queueOptions(name, options) });
    },

    schedule(name, cron) {
      if (!definitions.has(name)) throw new Error(`Job queue ${name} is not defined`);
      schedules.set(name, cron);
    },

    async send(name, data) {
      if (!definitions.has(name)) throw new Error(`Job queue ${name} is not defined`);
      await ensureBossStarted();
      const id = await boss.send(name, data);
      if (!id) throw new Error(`Job queue ${name} refused the job`);
      return id;
    },

    async idle(names) {
      const queues = names ?? [...definitions.keys()];
      for (;;) {
        let busy = 0;
        for (const name of queues) {
          const queue = await boss.getQueue(name);
          busy += queue ? await boss.getQueueSize(name, { before: 'completed' }) : 0;
        }
        if (busy === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },

    async start() {
      if (started) return;
      started = true;
      await ensureBossStarted();
      for (const [name, cron] of schedules) await boss.schedule(name, cron, {}, { tz: 'UTC' });
      for (const [name, { handler }] of definitions) {
        await boss.work(
          name,
          { pollingIntervalSeconds: config.pollIntervalSeconds, includeMetadata: true },
          async ([job]) => {
            if (!job) return;
            try {
              await handler({ id: job.id, data: job.data as object, retryCount: job.retryCount });
            } catch (error) {
              const message = (error as Error).message;
              log.warn({ queue: name, jobId: job.id, retryCount: job.retryCount, error: message }, 'job failed');
              throw error;
            }
          },
        );
      }
    },

    async stop(timeoutMs = 5_000) {
      if (!starting) return;
      await starting.catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    },
  };
}
