import { DEFAULT_LANGUAGE, type MemberLanguage } from '@bcp/contract';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/result-rows.js';
import { messageReferences } from '../../db/schema/message-references.js';
import { outboxMessages } from '../../db/schema/outbox-messages.js';
import { decryptField, encryptField } from '../crypto/field-encryption.js';
import type { JobContext, JobQueue } from '../jobs/job-queue.js';
import { createSmtpEmailSender, type EmailSender } from './email-sender.js';
import { describeDeliveryError, maskIdNumbers, redactSecrets } from './message-text.js';
import {
  destinationHash,
  generateReferenceCode,
  messageCheckUrl,
  messageKind,
  withReferenceCode,
} from './reference-code.js';
import { createHttpSmsSender, type SmsSender } from './sms-sender.js';

export type { EmailSender, EmailToSend } from './email-sender.js';
export type { SmsSender, SmsToSend } from './sms-sender.js';

/** A message to a person, by email or SMS (DESIGN.md "Outbound channels"). */
export interface OutboundMessage {
  channel: 'email' | 'sms';
  /** Lower-case email or E.164 number. */
  destination: string;
  /** What it is for, e.g. 'otp.sign_in', 'otp.password_reset', 'password.changed'. */
  purpose: string;
  /** Email subject (email only). */
  subject?: string;
  /** Plain-text body (the SMS text, or the email's text part). */
  text: string;
  /** Email HTML part (optional). */
  html?: string;
  /** Values to redact from the stored copy in production (OTP codes). */
  secrets?: string[];
  recipient?: { area: 'admin' | 'beneficiary'; id: number };
  /** A message not sent by then is not sent at all (a PIN that has expired): recorded `failed`. */
  expiresAt?: Date;
  /** The language the text is in (decision 036): the reference line is added in it. English when absent. */
  language?: MemberLanguage;
}

/** Sends messages: records each in the outbox and queues its delivery as a job. */
export interface Messenger {
  /** Records the message in the outbox and queues its delivery; resolves once both are stored. */
  send(message: OutboundMessage): Promise<{ outboxId: number; referenceCode: string }>;
  /** Resolves when no delivery of this messenger is queued, waiting for a retry or running (tests). */
  flush(): Promise<void>;
  /** Closes the email sender's pooled connections (when the app closes, after the job workers stopped). */
  close(): void;
}

/** Thrown by `send` for a message that cannot be sent as given (a programming error, not a delivery failure). */
export class InvalidOutboundMessageError extends Error {
  override name = 'InvalidOutboundMessageError';
}

/** The job queue email and SMS are delivered through. */
export const MESSAGE_QUEUE = 'outbox-message';

/** Seconds one delivery attempt may take before it counts as failed (SMTP timeouts are 10 + 10 + 30 s). */
const ATTEMPT_SECONDS = 60;

/** What a delivery job holds: the outbox row, the real text when it has secrets (encrypted), the deadline. */
interface MessageJob {
  outboxId: number;
  /** `encryptField` of the real parts and secrets, for messages with secrets (the row holds them redacted). */
  sealed?: string;
  /** ISO time after which the message is not sent. */
  expiresAt?: string;
}

interface SealedParts extends MessageParts {
  secrets: string[];
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const E164 = /^\+[1-9]\d{6,14}$/;

/** The outbox row's columns `send` sets (the reference code is drawn with its insert). */
interface OutboxValues {
  channel: 'email' | 'sms';
  destination: string;
  purpose: string;
  subject: string | null;
  body: string;
  html: string | null;
  status: 'pending' | 'not_configured';
  recipientArea: 'admin' | 'beneficiary' | null;
  recipientId: number | null;
  language: MemberLanguage;
}

interface MessageParts {
  subject: string | null;
  text: string;
  html: string | null;
}

/** The destination as stored and delivered: emails trimmed and lower-cased, numbers trimmed. */
function normalizeDestination(channel: OutboundMessage['channel'], destination: string): string {
  const trimmed = destination.trim();
  if (channel === 'email') {
    const email = trimmed.toLowerCase();
    if (!EMAIL.test(email)) throw new InvalidOutboundMessageError('An email destination must be an email address');
    return email;
  }
  if (!E164.test(trimmed)) throw new InvalidOutboundMessageError('An SMS destination must be an E.164 number');
  return trimmed;
}

/** The message parts with `transform` applied; SMS keep only their text. */
function mapParts(message: OutboundMessage, transform: (text: string) => string): MessageParts {
  const isEmail = message.channel === 'email';
  return {
    subject: isEmail && message.subject !== undefined ? transform(message.subject) : null,
    text: transform(message.text),
    html: isEmail && message.html !== undefined ? transform(message.html) : null,
  };
}

/**
 * Creates the messenger every domain sends email and SMS through (DESIGN.md "Outbound channels";
 * issue 15 item 2: every message is a job).
 *
 * `send` masks every 13-digit run (ID number) in subject, text and HTML, gives the message a new
 * unique reference code (issue 21 item 4, decision 033: 8 characters, `reference-code.ts`; its
 * long-lived record in `message_references` with the destination only as a keyed hash), writes the message to
 * `outbox_messages` (in production with each of `secrets` replaced by `******`; elsewhere as is,
 * so development can read OTPs) and, in the same transaction, queues a delivery job on `jobs`
 * (queue `outbox-message`); it resolves with the row id and the code. What is delivered ends with
 * the code and the address of the "Is this message from us?" page (text and HTML parts; the
 * stored body is the message without it, the code is its own column). A message with secrets carries its real
 * text in the job encrypted with `config.appSecret`. The job survives a restart; each attempt is
 * retried with backoff (`retry`, default `JOB_RETRY_LIMIT` retries after `JOB_RETRY_DELAY_SECONDS`,
 * doubling). It is idempotent per message: it sends only while the row is `pending` and only after
 * claiming the attempt on the row, so a repeated or retried job never sends a message twice once
 * it was recorded `sent` (a process killed between the server's acceptance and that record may
 * send it again on restart: at least once). A message past `expiresAt` (a PIN) is not sent and is
 * recorded `failed`. The row records `attempts`, `last_error` (the error text only) and `status`
 * `sent` (with `sent_at`) or `failed`. A channel without a sender only records the message, with
 * status `not_configured`. Delivery problems are logged (outbox id, channel, purpose, error text),
 * never the destination, the content or a secret; `last_error` and logged error texts have
 * secrets and the destination replaced.
 *
 * @param deps.jobs the job queue; declare before it starts, send only once it has started
 * @param deps.emailSender overrides the SMTP sender built from `config.mail.smtpUrl`
 * @param deps.smsSender overrides the HTTP gateway sender built from `config.sms.gatewayUrl`
 * @param deps.retry retries after the first attempt and the first delay in seconds (doubling, with jitter)
 * @param deps.queue the job queue's name (default `outbox-message`; tests run several messengers)
 * @throws (from `send`) InvalidOutboundMessageError for an email without a subject or a
 *   destination that is not an email address (email) or an E.164 number (SMS); database errors
 *   from the outbox insert or the job
 */
export function createMessenger(deps: {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  emailSender?: EmailSender;
  smsSender?: SmsSender;
  retry?: { limit: number; delaySeconds: number };
  queue?: string;
}): Messenger {
  const { db, config, log, jobs } = deps;
  const queue = deps.queue ?? MESSAGE_QUEUE;
  const secret = config.appSecret as string;
  const emailSender =
    deps.emailSender ??
    (config.mail.smtpUrl ? createSmtpEmailSender({ smtpUrl: config.mail.smtpUrl, from: config.mail.from }) : undefined);
  const smsSender =
    deps.smsSender ??
    (config.sms.gatewayUrl
      ? createHttpSmsSender({ gatewayUrl: config.sms.gatewayUrl, gatewayToken: config.sms.gatewayToken })
      : undefined);
  const retryLimit = deps.retry?.limit ?? config.jobs.retryLimit;
  const redactStored = config.env === 'production';

  const checkUrl = messageCheckUrl(config.publicUrl);

  /** One delivery attempt through the channel's sender; throws when it was not accepted. */
  function transmit(
    channel: OutboundMessage['channel'],
    destination: string,
    content: MessageParts,
    code: string | null,
    language: MemberLanguage,
  ): Promise<void> {
    const parts = code === null ? content : withReferenceCode(content, code, checkUrl, language);
    if (channel === 'email') {
      return (emailSender as EmailSender).send({
        to: destination,
        subject: parts.subject ?? '',
        text: parts.text,
        ...(parts.html === null ? {} : { html: parts.html }),
      });
    }
    return (smsSender as SmsSender).send({ to: destination, message: parts.text });
  }

  /**
   * Marks attempt `attempt` of each message of `outboxIds` as started, unless it is no longer
   * pending or another run claimed it; returns the claimed rows. One statement for the whole batch
   * (the read and the claim; issue 40 item 6).
   */
  function claimAttempts(outboxIds: number[], attempt: number) {
    return db
      .update(outboxMessages)
      .set({ attempts: attempt })
      .where(
        and(
          inArray(outboxMessages.id, outboxIds),
          eq(outboxMessages.status, 'pending'),
          lte(outboxMessages.attempts, attempt - 1),
        ),
      )
      .returning();
  }

  type ClaimedRow = Awaited<ReturnType<typeof claimAttempts>>[number];

  /** Records the messages past their deadline (`expiresAt`, a PIN) `failed` without sending them: one statement. */
  async function expire(outboxIds: number[]): Promise<void> {
    const expired = await db
      .update(outboxMessages)
      .set({ status: 'failed', lastError: 'expired before it could be sent' })
      .where(and(inArray(outboxMessages.id, outboxIds), eq(outboxMessages.status, 'pending')))
      .returning({ outboxId: outboxMessages.id, channel: outboxMessages.channel, purpose: outboxMessages.purpose });
    for (const row of expired) log.warn(row, 'message expired before it could be sent; not sent');
  }

  /**
   * One claimed attempt of one message: sends it; on failure records the error (and `failed` on
   * the last attempt) and throws to be retried.
   */
  async function attemptOne(
    job: JobContext<MessageJob>,
    row: ClaimedRow,
  ): Promise<{ row: ClaimedRow; secrets: string[] }> {
    const attempt = job.retryCount + 1;
    const context = { outboxId: row.id, channel: row.channel, purpose: row.purpose };
    const sealed: SealedParts = job.data.sealed
      ? JSON.parse(decryptField(secret, job.data.sealed))
      : { subject: row.subject, text: row.body, html: row.html, secrets: [] };
    try {
      await transmit(row.channel === 'sms' ? 'sms' : 'email', row.destination, sealed, row.referenceCode, row.language);
    } catch (error) {
      const lastError = describeDeliveryError(error, sealed.secrets, row.destination);
      const final = job.retryCount >= retryLimit;
      await db
        .update(outboxMessages)
        .set({ lastError, ...(final ? { status: 'failed' as const } : {}) })
        .where(eq(outboxMessages.id, row.id));
      if (final) log.error({ ...context, attempt, error: lastError }, 'message delivery failed; giving up');
      else log.warn({ ...context, attempt, error: lastError }, 'message delivery attempt failed; retrying');
      throw new Error(lastError);
    }
    return { row, secrets: sealed.secrets };
  }

  /**
   * The delivery job, a fetched batch at once (issue 40 item 6: set-based): records the expired
   * messages `failed` in one statement, claims the others' attempts in one statement per attempt
   * number (one, unless retries are mixed in), sends the claimed ones side by side and records
   * those sent `sent` in one statement. Each message is sent only once its attempt was claimed on
   * its row while `pending`. Returns the jobs to retry (a failed send).
   */
  async function deliverBatch(batch: JobContext<MessageJob>[]): Promise<Map<string, Error>> {
    const failures = new Map<string, Error>();
    const now = Date.now();
    const isExpired = (job: JobContext<MessageJob>) =>
      job.data.expiresAt !== undefined && now >= Date.parse(job.data.expiresAt);
    const expired = batch.filter(isExpired);
    if (expired.length > 0) await expire(expired.map((job) => job.data.outboxId));
    const byAttempt = new Map<number, JobContext<MessageJob>[]>();
    for (const job of batch.filter((entry) => !isExpired(entry))) {
      byAttempt.set(job.retryCount + 1, [...(byAttempt.get(job.retryCount + 1) ?? []), job]);
    }
    const claims: { job: JobContext<MessageJob>; row: ClaimedRow }[] = [];
    for (const [attempt, jobs] of byAttempt) {
      const rows = new Map(
        (await claimAttempts([...new Set(jobs.map((job) => job.data.outboxId))], attempt)).map((row) => [row.id, row]),
      );
      for (const job of jobs) {
        const row = rows.get(job.data.outboxId);
        // A second job of the same message in this batch finds its row taken: nothing to do.
        rows.delete(job.data.outboxId);
        if (row) claims.push({ job, row });
      }
    }
    const sent: { row: ClaimedRow; secrets: string[] }[] = [];
    await Promise.all(
      claims.map(({ job, row }) =>
        attemptOne(job, row).then(
          (done) => {
            sent.push(done);
          },
          (error: Error) => {
            failures.set(job.id, error);
          },
        ),
      ),
    );
    if (sent.length === 0) return failures;
    // Not thrown: a failure to record success must not send the messages again.
    try {
      await db
        .update(outboxMessages)
        .set({ status: 'sent', sentAt: new Date() })
        .where(
          inArray(
            outboxMessages.id,
            sent.map(({ row }) => row.id),
          ),
        );
      for (const { row } of sent) {
        log.info(
          { outboxId: row.id, channel: row.channel, purpose: row.purpose, attempts: row.attempts },
          'message sent',
        );
      }
    } catch (error) {
      for (const { row, secrets } of sent) {
        log.error(
          {
            outboxId: row.id,
            channel: row.channel,
            purpose: row.purpose,
            error: describeDeliveryError(error, secrets, row.destination),
          },
          'message sent but not recorded',
        );
      }
    }
    return failures;
  }

  /**
   * Inserts the outbox row with a new reference code, and the code's long-lived record for the
   * check (`message_references`: keyed hash of the destination, channel, kind), in one statement
   * (issue 40 item 6): the outbox row is inserted only when the reference was; draws again on the
   * (rare) clash with an existing code. Atomic on its own; in a transaction with the job.
   */
  async function insertWithCode(tx: Pick<Database, 'execute'>, values: OutboxValues) {
    for (let draw = 0; draw < 3; draw += 1) {
      const referenceCode = generateReferenceCode();
      const channel = values.channel === 'sms' ? 'sms' : 'email';
      const [row] = rowsOf<{ id: number | string }>(
        await tx.execute(sql`
          with reference as (
            insert into ${messageReferences} (reference_code, destination_hash, channel, kind)
            values (${referenceCode}, ${destinationHash(secret, values.destination)}, ${channel}, ${messageKind(values.purpose)})
            on conflict (reference_code) do nothing
            returning reference_code
          )
          insert into ${outboxMessages}
            (channel, destination, purpose, subject, body, html, status, recipient_area, recipient_id, language, reference_code)
          select ${values.channel}::text, ${values.destination}::text, ${values.purpose}::text, ${values.subject}::text,
            ${values.body}::text, ${values.html}::text, ${values.status}::text, ${values.recipientArea}::text,
            ${values.recipientId}::bigint, ${values.language}::text, reference.reference_code
          from reference
          returning id`),
      );
      if (row) return { id: Number(row.id), referenceCode };
    }
    throw new Error('No free reference code after 3 draws');
  }

  jobs.defineBatch<MessageJob>(queue, deliverBatch, {
    retryLimit,
    retryDelaySeconds: deps.retry?.delaySeconds ?? config.jobs.retryDelaySeconds,
    expireInSeconds: ATTEMPT_SECONDS,
  });

  return {
    async send(message) {
      if (message.channel === 'email' && !message.subject) {
        throw new InvalidOutboundMessageError('An email needs a subject');
      }
      const destination = normalizeDestination(message.channel, message.destination);
      const secrets = (message.secrets ?? []).filter((value) => value.length > 0);
      const outgoing = mapParts(message, maskIdNumbers);
      const stored = redactStored ? mapParts(message, (text) => maskIdNumbers(redactSecrets(text, secrets))) : outgoing;
      const sender = message.channel === 'email' ? emailSender : smsSender;
      const values: OutboxValues = {
        channel: message.channel,
        destination,
        purpose: message.purpose,
        subject: stored.subject,
        body: stored.text,
        html: stored.html,
        status: sender ? ('pending' as const) : ('not_configured' as const),
        recipientArea: message.recipient?.area ?? null,
        recipientId: message.recipient?.id ?? null,
        language: message.language ?? DEFAULT_LANGUAGE,
      };
      const context = { channel: message.channel, purpose: message.purpose };
      if (!sender) {
        const row = await insertWithCode(db, values);
        log.info({ outboxId: row.id, ...context }, 'message recorded; channel not configured');
        return { outboxId: row.id, referenceCode: row.referenceCode };
      }
      const row = await db.transaction(async (tx) => {
        const row = await insertWithCode(tx, values);
        const job: MessageJob = {
          outboxId: row.id,
          ...(secrets.length > 0 ? { sealed: encryptField(secret, JSON.stringify({ ...outgoing, secrets })) } : {}),
          ...(message.expiresAt ? { expiresAt: message.expiresAt.toISOString() } : {}),
        };
        await jobs.send(queue, job, { tx: tx as unknown as Database });
        return row;
      });
      jobs.wake([queue]);
      return { outboxId: row.id, referenceCode: row.referenceCode };
    },

    flush: () => jobs.idle([queue]),

    close: () => emailSender?.close?.(),
  };
}
