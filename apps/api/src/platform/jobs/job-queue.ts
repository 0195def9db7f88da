import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { JobsConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createPgBossDatabase, createPgBossTransactionDatabase } from './pg-boss-database.js';

/** What a job handler is given: the job's data, its id, and how many times it was retried before. */
export interface JobContext<T> {
  id: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
}

export type JobHandler<T> = (job: JobContext<T>) => Promise<void>;

/**
 * A handler given a whole fetched batch at once (set-based work, e.g. one statement claiming many
 * rows). Resolves with the jobs that failed (job id -> error): those are retried on their own, the
 * others succeed. Throwing fails every job of the batch.
 */
export type BatchJobHandler<T> = (jobs: JobContext<T>[]) => Promise<ReadonlyMap<string, Error>>;

/** Per-queue retry policy; defaults from `JobsConfig`. `retryDelaySeconds` doubles per retry. */
export interface QueueOptions {
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Seconds a job may run before it counts as failed and is retried (e.g. its process died); default 900. */
  expireInSeconds?: number;
}

/** Where a job is stored. */
export interface SendOptions {
  /**
   * The caller's Drizzle transaction: the job is stored on its connection, so it exists only if the
   * transaction commits. Call `wake` once it has committed. The queue must be started.
   */
  tx?: Database;
}

/** Background jobs on the database (pg-boss; DESIGN.md "Growing past one machine"). */
export interface JobQueue {
  /**
   * Declares a queue and its handler. Call before `start` (at plugin registration). A handler that
   * throws is retried `retryLimit` times, waiting `retryDelaySeconds` doubled at each retry.
   */
  define<T extends object>(name: string, handler: JobHandler<T>, options?: QueueOptions): void;
  /**
   * Like `define`, with a handler given each fetched batch (up to `JOB_BATCH_SIZE` jobs) at once.
   * Retries are per job, as with `define`: a job the handler reports failed is retried alone.
   */
  defineBatch<T extends object>(name: string, handler: BatchJobHandler<T>, options?: QueueOptions): void;
  /**
   * Enqueues a job; resolves with its id once stored, and wakes this process's worker of the queue
   * (no wait for the next poll). Works before `start` too (the queue is created when missing),
   * except in a transaction (`options.tx`).
   * @throws Error for a queue not declared with `define`, or a send in a transaction before `start`
   */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string>;
  /**
   * Enqueues one job per item of `data` in a single statement (pg-boss `insert`), e.g. the
   * deliveries of a notification sent to many members. Like `send`; with `options.tx` call `wake`
   * once the transaction has committed.
   * @throws Error for a queue not declared with `define`, or a send in a transaction before `start`
   */
  sendMany<T extends object>(name: string, data: readonly T[], options?: SendOptions): Promise<void>;
  /**
   * Enqueues jobs of several queues (each `{ name, data }`) in a single statement (pg-boss
   * `insert`), e.g. a notification's live job and its deliveries (issue 40 item 6). Like `sendMany`;
   * with `options.tx` call `wake` once the transaction has committed.
   * @throws Error for a queue not declared with `define`, or a send in a transaction before `start`
   */
  sendEach(jobs: ReadonlyArray<{ name: string; data: object }>, options?: SendOptions): Promise<void>;
  /**
   * Wakes this process's workers of these queues (default: all) to fetch at once instead of at
   * their next poll, e.g. after a transaction that sent jobs has committed. Other processes find
   * the jobs at their next poll (`JOB_POLL_INTERVAL_SECONDS`).
   */
  wake(names?: string[]): void;
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
  /**
   * Stops the workers, waiting up to `timeoutMs` for running jobs. A job still running then is
   * failed (retried later, here or by another process); if it finishes after the database has
   * closed, its outcome is dropped, not raised (see `createPgBossDatabase`).
   */
  stop(timeoutMs?: number): Promise<void>;
}

/** The advisory lock key under which processes set pg-boss up, one at a time (`withSetupLock`). */
export const JOB_QUEUE_SETUP_LOCK_KEY = 727_002;

/**
 * Creates the job queue on the server's database: PostgreSQL or the embedded PGlite (through
 * `createPgBossDatabase`). pg-boss keeps its tables in its own `pgboss` schema, which it creates
 * and migrates itself on `start`. Job errors are logged with the queue and job id only.
 *
 * Throughput (issue 15 item 3): each queue's worker fetches up to `config.batchSize` jobs at once
 * and runs them side by side; each job succeeds, fails and is retried on its own. A full batch
 * fetches the next one at once, and `send` (or `wake`) wakes the worker, so the poll interval
 * only matters for retries, scheduled jobs and jobs sent by other processes.
 */
export function createJobQueue(deps: {
  db: Database;
  kind: 'pglite' | 'postgres';
  config: JobsConfig;
  log: FastifyBaseLogger;
  /**
   * Runs pg-boss's set-up (schema, queues) under a lock other processes on the database wait for
   * (`DatabaseHandle.withLock`): two processes creating the same queues at once deadlock in
   * PostgreSQL (issue 22 item 2). Unset: no lock (one process).
   */
  withSetupLock?: <T>(fn: () => Promise<T>) => Promise<T>;
}): JobQueue {
  const { config, log } = deps;
  const boss = new PgBoss({
    db: createPgBossDatabase(deps.db, deps.kind, (statement) =>
      log.warn({ statement }, 'job queue: statement after the database closed dropped (a job outlived shutdown)'),
    ),
    schedule: true,
    supervise: true,
    migrate: true,
  });
  boss.on('error', (error) => log.error({ error: error.message }, 'job queue error'));
  /** Each declared queue: how a fetched batch is run, and the queue's options. */
  const definitions = new Map<
    string,
    { run: (jobs: PgBoss.JobWithMetadata<unknown>[]) => Promise<void>; options: PgBoss.Queue }
  >();
  const schedules = new Map<string, string>();
  let starting: Promise<void> | undefined;
  let started = false;

  function queueOptions(name: string, options: QueueOptions = {}): PgBoss.Queue {
    return {
      name,
      retryLimit: options.retryLimit ?? config.retryLimit,
      retryDelay: options.retryDelaySeconds ?? config.retryDelaySeconds,
      retryBackoff: true,
      ...(options.expireInSeconds === undefined ? {} : { expireInSeconds: options.expireInSeconds }),
    };
  }

  const workerIds = new Map<string, string>();

  function wake(names: Iterable<string> = workerIds.keys()): void {
    for (const name of names) {
      const workerId = workerIds.get(name);
      if (workerId) boss.notifyWorker(workerId);
    }
  }

  /** Runs one job of a fetched batch; a failure fails that job alone (pg-boss retries it). */
  async function runJob(
    name: string,
    handler: JobHandler<object>,
    job: PgBoss.JobWithMetadata<unknown>,
  ): Promise<void> {
    try {
      await handler({ id: job.id, data: job.data as object, retryCount: job.retryCount });
    } catch (error) {
      // Not thrown: that would fail the whole batch, jobs that succeeded included.
      await failJob(name, job, (error as Error).message);
    }
  }

  /** Fails one job of a batch (pg-boss retries it), logging why; a failure to record it is logged. */
  async function failJob(name: string, job: PgBoss.JobWithMetadata<unknown>, message: string): Promise<void> {
    log.warn({ queue: name, jobId: job.id, retryCount: job.retryCount, error: message }, 'job failed');
    await boss.fail(name, job.id, { message }).catch((failure: Error) => {
      log.error({ queue: name, jobId: job.id, error: failure.message }, 'job failure could not be recorded');
    });
  }

  /** Runs a batch handler on a fetched batch and fails the jobs it reports failed (or all, when it throws). */
  async function runBatch(
    name: string,
    handler: BatchJobHandler<object>,
    jobs: PgBoss.JobWithMetadata<unknown>[],
  ): Promise<void> {
    let failures: ReadonlyMap<string, Error>;
    try {
      failures = await handler(
        jobs.map((job) => ({ id: job.id, data: job.data as object, retryCount: job.retryCount })),
      );
    } catch (error) {
      const message = (error as Error).message;
      failures = new Map(jobs.map((job) => [job.id, new Error(message)]));
    }
    // Not thrown: that would fail the whole batch, jobs that succeeded included.
    await Promise.all(
      jobs.flatMap((job) => {
        const failure = failures.get(job.id);
        return failure ? [failJob(name, job, failure.message)] : [];
      }),
    );
  }

  /** `JobQueue.sendEach`. */
  async function sendEach(
    jobs: ReadonlyArray<{ name: string; data: object }>,
    options: SendOptions = {},
  ): Promise<void> {
    const names = [...new Set(jobs.map((job) => job.name))];
    for (const name of names) if (!definitions.has(name)) throw new Error(`Job queue ${name} is not defined`);
    if (jobs.length === 0) return;
    if (options.tx) {
      if (!starting) throw new Error(`Job queue ${names.join(', ')}: start the queue before sending in a transaction`);
      await starting;
      await boss.insert([...jobs], { db: createPgBossTransactionDatabase(options.tx, deps.kind) });
      return;
    }
    await ensureBossStarted();
    await boss.insert([...jobs]);
    wake(names);
  }

  async function ensureBossStarted(): Promise<void> {
    const setUp = async () => {
      await boss.start();
      for (const [name, { options }] of definitions) {
        if (!(await boss.getQueue(name))) await boss.createQueue(name, options);
        else await boss.updateQueue(name, options);
      }
    };
    starting ??= deps.withSetupLock ? deps.withSetupLock(setUp) : setUp();
    await starting;
  }

  return {
    define(name, handler, options) {
      definitions.set(name, {
        run: (jobs) => Promise.all(jobs.map((job) => runJob(name, handler as JobHandler<object>, job))).then(() => {}),
        options: queueOptions(name, options),
      });
    },

    defineBatch(name, handler, options) {
      definitions.set(name, {
        run: (jobs) => runBatch(name, handler as BatchJobHandler<object>, jobs),
        options: queueOptions(name, options),
      });
    },

    schedule(name, cron) {
      if (!definitions.has(name)) throw new Error(`Job queue ${name} is not defined`);
      schedules.set(name, cron);
    },

    async send(name, data, options = {}) {
      if (!definitions.has(name)) throw new Error(`Job queue ${name} is not defined`);
      if (options.tx) {
        // Starting pg-boss here would wait for the connection the transaction holds (PGlite).
        if (!starting) throw new Error(`Job queue ${name}: start the queue before sending in a transaction`);
        await starting;
        const id = await boss.send(name, data, { db: createPgBossTransactionDatabase(options.tx, deps.kind) });
        if (!id) throw new Error(`Job queue ${name} refused the job`);
        return id;
      }
      await ensureBossStarted();
      const id = await boss.send(name, data);
      if (!id) throw new Error(`Job queue ${name} refused the job`);
      wake([name]);
      return id;
    },

    sendMany(name, data, options = {}) {
      if (!definitions.has(name)) return Promise.reject(new Error(`Job queue ${name} is not defined`));
      return sendEach(
        data.map((item) => ({ name, data: item })),
        options,
      );
    },

    sendEach,

    wake,

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
      for (const [name, { run }] of definitions) {
        const workerId = await boss.work(
          name,
          { pollingIntervalSeconds: config.pollIntervalSeconds, batchSize: config.batchSize, includeMetadata: true },
          async (jobs) => {
            await run(jobs);
            // A full batch: more may be waiting, so fetch again without waiting for the poll.
            if (jobs.length === config.batchSize) wake([name]);
          },
        );
        workerIds.set(name, workerId);
      }
    },

    async stop(timeoutMs = 5_000) {
      if (!starting) return;
      await starting.catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
    },
  };
}
