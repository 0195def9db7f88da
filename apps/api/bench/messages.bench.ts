/**
 * Message delivery bench (issue 15 item 3): how many notification emails per second reach a real
 * local SMTP server end to end, beside a bare nodemailer loop to the same server.
 *
 * End to end: `notifyPersonUser` for N members (email as their two-factor method), as N claim
 * moves would, 10 at a time; each stores the notification and queues its jobs; the delivery job
 * records the email in the outbox and queues its message job; that job sends it through SMTP. The
 * clock runs from the first notification until the SMTP server has received the N-th email. The
 * app runs in this process on a fresh PostgreSQL database (`bcp_bench_messages`, recreated each
 * run), with the production start-up configuration (pg pool of 10, JOB_BATCH_SIZE default).
 * Bare: the same N emails through nodemailer (pooled connections, like the app since issue 40
 * item 6), with as many in flight as the app's batch size.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildSaIdNumber, parseSaIdNumber } from '@bcp/contract';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { applyMigrations } from '../src/db/migrate.js';
import { persons, personUsers } from '../src/db/schema/index.js';
import { notifyPersonUser } from '../src/modules/notifications/notify.service.js';

const DATABASE_NAME = 'bcp_bench_messages';
/** Notifications created at once, like concurrent partner requests. */
const SENDERS = 10;

/** A local SMTP server (no TLS, no auth) counting the messages it accepts. */
async function startCountingSmtpServer() {
  let received = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        for (const waiter of waiters.filter((entry) => entry.count <= received)) waiter.resolve();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    /** Resolves once `count` messages in all have been received. */
    waitFor: (count: number) =>
      count <= received ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Drops and creates the bench's message database; returns its URL. */
async function freshDatabase(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DATABASE_NAME} with (force)`);
    await admin.query(`create database ${DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE_NAME}`;
  return url.toString();
}

/** Runs `work(i)` for i in 0..count-1 with at most `concurrency` at once. */
async function inParallel(count: number, concurrency: number, work: (index: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** Figures of one round: messages per second of the app end to end and of the bare loop. */
export interface MessageRound {
  appPerSecond: number;
  barePerSecond: number;
  /** Statements the app sent to PostgreSQL per message (round trips; does not depend on the load). */
  queriesPerMessage: number;
  /** Seconds from the first notification until all N were stored (the rest is delivery catching up). */
  notifiedSeconds: number;
}

/** Counts the statements every `pg` client sends until the returned function stops it (and returns the count). */
function countQueries(): () => number {
  const original = pg.Client.prototype.query;
  let count = 0;
  const texts = new Map<string, number>();
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count += 1;
    if (process.env.BENCH_STATEMENTS) {
      const first = args[0] as string | { text?: string };
      const text = (typeof first === 'string' ? first : (first?.text ?? '?')).replace(/\s+/g, ' ').slice(0, 160);
      texts.set(text, (texts.get(text) ?? 0) + 1);
    }
    return (original as (...values: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return () => {
    pg.Client.prototype.query = original;
    if (process.env.BENCH_STATEMENTS) {
      for (const [text, n] of [...texts].sort((a, b) => b[1] - a[1])) console.info(String(n).padStart(6), text);
    }
    return count;
  };
}

/**
 * One round: N fresh members, N notifications end to end, then N bare nodemailer sends.
 * @param options.messages N
 */
export async function runMessageRound(adminUrl: string, options: { messages: number }): Promise<MessageRound> {
  const smtp = await startCountingSmtpServer();
  const databaseUrl = await freshDatabase(adminUrl);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    APP_SECRET: randomBytes(48).toString('base64url'),
    IDENTITY_PROVIDER: 'iidentifii',
    IIDENTIFII_BASE_URL: 'http://127.0.0.1:9/',
    IIDENTIFII_API_KEY: 'bench',
    IIDENTIFII_CALLBACK_SECRET: 'bench-callback-secret',
  });
  const database = await openDatabase({ databaseUrl });
  try {
    await applyMigrations(database);
    const memberIds: number[] = [];
    for (let index = 0; index < options.messages; index++) {
      const idNumber = buildSaIdNumber(`19${60 + (index % 40)}-0${1 + (index % 9)}-1${index % 9}`, index % 10_000);
      const parsed = parseSaIdNumber(idNumber);
      if (!parsed.valid) throw new Error('bench: invalid ID number');
      const [person] = await database.db
        .insert(persons)
        .values({
          idNumber,
          firstName: 'Bench',
          lastName: `Member ${index}`,
          dateOfBirth: parsed.dateOfBirth,
          gender: parsed.gender,
        })
        .returning({ id: persons.id });
      const [user] = await database.db
        .insert(personUsers)
        .values({
          personId: person?.id as number,
          email: `member-${index}@bench.test`,
          passwordHash: 'bench',
          twoFactorMethod: 'EMAIL',
          termsAcceptedAt: new Date(),
        })
        .returning({ id: personUsers.id });
      memberIds.push(user?.id as number);
    }
    const app = await buildApp({ config, database });
    await app.ready();
    const started = performance.now();
    const stopCounting = countQueries();
    let queries = 0;
    let notifiedSeconds = 0;
    try {
      await inParallel(memberIds.length, SENDERS, (index) =>
        notifyPersonUser(app, memberIds[index] as number, {
          title: 'Claim approved',
          body: '<p>Your claim was approved. The payment follows within 3 working days.</p>',
          event: 'claim.approved',
        }),
      );
      notifiedSeconds = (performance.now() - started) / 1000;
      await smtp.waitFor(options.messages);
    } finally {
      queries = stopCounting();
      await app.close();
    }
    const appSeconds = (performance.now() - started) / 1000;

    const transport = nodemailer.createTransport({ url: smtp.url, pool: true, maxConnections: 5, maxMessages: 100 });
    const bareStarted = performance.now();
    await inParallel(options.messages, config.jobs.batchSize, (index) =>
      transport.sendMail({
        from: config.mail.from,
        to: `member-${index}@bench.test`,
        subject: 'Claim approved',
        text: 'Your claim was approved. The payment follows within 3 working days.',
        html: '<p>Your claim was approved. The payment follows within 3 working days.</p>',
      }),
    );
    const bareSeconds = (performance.now() - bareStarted) / 1000;
    transport.close();
    return {
      appPerSecond: options.messages / appSeconds,
      barePerSecond: options.messages / bareSeconds,
      queriesPerMessage: queries / options.messages,
      notifiedSeconds,
    };
  } finally {
    await database.close();
    await smtp.close();
  }
}
