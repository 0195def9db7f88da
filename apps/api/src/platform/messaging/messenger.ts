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
  /**
   * `send` for many messages at once (issue 40 item 6, decision 070): their outbox rows and
   * references in one statement and their jobs in one more, in one transaction. Each message's
   * answer is its own: a message that cannot be sent as given is answered with its
   * `InvalidOutboundMessageError` and the others are stored. A database error rejects the whole call
   * (nothing of it was stored).
   * @returns one answer per message, in order
   */
  sendMany(messages: readonly OutboundMessage[]): Promise<SendOutcome[]>;
  /** Resolves when no delivery of this messenger is queued, waiting for a retry or running (tests). */
  flush(): Promise<void>;
  /** Closes the email sender's pooled connections (when the app closes, after the job workers stopped). */
  close(): void;
}

/** What `sendMany` answers for each message: its outbox row and code, or why it cannot be sent as given. */
export type SendOutcome = { outboxId: number; referenceCode: string } | { error: InvalidOutboundMessageError };

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
   * Inserts outbox rows, each with a new reference code, and each code's long-lived record for the
   * check (`message_references`: keyed hash of the destination, channel, kind), in one statement
   * whatever their number (issue 40 item 6): an outbox row is inserted only when its reference was;
   * the (rare) rows whose code clashed with an existing one draw again, at most 3 draws. Atomic on
   * its own; in a transaction with the jobs.
   * @returns each row's id and code, in the order of `rows`
   */
  async function insertWithCodes(tx: Pick<Database, 'execute'>, rows: readonly OutboxValues[]) {
    const stored: Array<{ id: number; referenceCode: string } | undefined> = rows.map(() => undefined);
    for (let draw = 0; draw < 3; draw += 1) {
      const waiting = rows.flatMap((values, index) => (stored[index] ? [] : [{ values, index }]));
      if (waiting.length === 0) break;
      // Codes distinct within the statement: two equal ones would both join the one reference.
      const codes = new Set<string>();
      while (codes.size < waiting.length) codes.add(generateReferenceCode());
      const drawn = waiting.map((entry, position) => ({ ...entry, referenceCode: [...codes][position] as string }));
      const tuples = drawn.map(
        ({
          values,
          referenceCode,
        }) => sql`(${referenceCode}::text, ${destinationHash(secret, values.destination)}::text,
          ${values.channel === 'sms' ? 'sms' : 'email'}::text, ${messageKind(values.purpose)}::text, ${values.channel}::text,
          ${values.destination}::text, ${values.purpose}::text, ${values.subject}::text, ${values.body}::text,
          ${values.html}::text, ${values.status}::text, ${values.recipientArea}::text, ${values.recipientId}::bigint,
          ${values.language}::text)`,
      );
      const inserted = rowsOf<{ id: number | string; reference_code: string }>(
        await tx.execute(sql`
          with input (reference_code, destination_hash, reference_channel, kind, channel, destination, purpose,
            subject, body, html, status, recipient_area, recipient_id, language) as (values ${sql.join(tuples, sql`, `)}),
          reference as (
            insert into ${messageReferences} (reference_code, destination_hash, channel, kind)
            select reference_code, destination_hash, reference_channel, kind from input
            on conflict (reference_code) do nothing
            returning reference_code
          )
          insert into ${outboxMessages}
            (channel, destination, purpose, subject, body, html, status, recipient_area, recipient_id, language, reference_code)
          select input.channel, input.destination, input.purpose, input.subject, input.body, input.html, input.status,
            input.recipient_area, input.recipient_id, input.language, input.reference_code
          from input join reference on reference.reference_code = input.reference_code
          returning id, reference_code`),
      );
      const idOfCode = new Map(inserted.map((row) => [row.reference_code, Number(row.id)]));
      for (const { index, referenceCode } of drawn) {
        const id = idOfCode.get(referenceCode);
        if (id !== undefined) stored[index] = { id, referenceCode };
      }
    }
    return stored.map((row) => {
      if (!row) throw new Error('No free reference code after 3 draws');
      return row;
    });
  }

  /** What `sendMany` stores of one message, or why it cannot be sent as given (validated before any write). */
  function prepare(message: OutboundMessage) {
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
    /** The job of the stored row (messages with a sender only). */
    const toJob = (outboxId: number): MessageJob => ({
      outboxId,
      ...(secrets.length > 0 ? { sealed: encryptField(secret, JSON.stringify({ ...outgoing, secrets })) } : {}),
      ...(message.expiresAt ? { expiresAt: message.expiresAt.toISOString() } : {}),
    });
    return { values, hasSender: sender !== undefined, toJob };
  }

  /** `Messenger.sendMany`. */
  async function sendMany(messages: readonly OutboundMessage[]): Promise<SendOutcome[]> {
    const outcomes: SendOutcome[] = [];
    const valid: { index: number; prepared: ReturnType<typeof prepare> }[] = [];
    for (const [index, message] of messages.entries()) {
      try {
        valid.push({ index, prepared: prepare(message) });
        outcomes.push({ outboxId: 0, referenceCode: '' });
      } catch (error) {
        if (!(error instanceof InvalidOutboundMessageError)) throw error;
        outcomes.push({ error });
      }
    }
    if (valid.length === 0) return outcomes;
    const unsent = valid.filter(({ prepared }) => !prepared.hasSender);
    const queued = valid.filter(({ prepared }) => prepared.hasSender);
    if (unsent.length > 0) {
      const rows = await insertWithCodes(
        db,
        unsent.map(({ prepared }) => prepared.values),
      );
      for (const [position, { index }] of unsent.entries()) {
        const row = rows[position] as { id: number; referenceCode: string };
        const message = messages[index] as OutboundMessage;
        outcomes[index] = { outboxId: row.id, referenceCode: row.referenceCode };
        log.info(
          { outboxId: row.id, channel: message.channel, purpose: message.purpose },
          'message recorded; channel not configured',
        );
      }
    }
    if (queued.length > 0) {
      const rows = await db.transaction(async (tx) => {
        const rows = await insertWithCodes(
          tx,
          queued.map(({ prepared }) => prepared.values),
        );
        await jobs.sendMany(
          queue,
          queued.map(({ prepared }, position) => prepared.toJob((rows[position] as { id: number }).id)),
          { tx: tx as unknown as Database },
        );
        return rows;
      });
      jobs.wake([queue]);
      for (const [position, { index }] of queued.entries()) {
        const row = rows[position] as { id: number; referenceCode: string };
        outcomes[index] = { outboxId: row.id, referenceCode: row.referenceCode };
      }
    }
    return outcomes;
  }

  jobs.defineBatch<MessageJob>(queue, deliverBatch, {
    retryLimit,
    retryDelaySeconds: deps.retry?.delaySeconds ?? config.jobs.retryDelaySeconds,
    expireInSeconds: ATTEMPT_SECONDS,
  });

  return {
    async send(message) {
      const [outcome] = await sendMany([message]);
      if (!outcome || 'error' in outcome) throw outcome?.error ?? new Error('message not stored');
      return outcome;
    },

    sendMany,

    flush: () => jobs.idle([queue]),

    close: () => emailSender?.close?.(),
  };
}
