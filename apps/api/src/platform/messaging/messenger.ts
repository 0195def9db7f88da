import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';
import { createSmtpEmailSender, type EmailSender } from './email-sender.js';
import { describeDeliveryError, maskIdNumbers, redactSecrets } from './message-text.js';
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
}

/** Sends messages: records each in the outbox, then delivers it in the background. */
export interface Messenger {
  /** Records the message in the outbox and starts delivery; resolves once recorded. */
  send(message: OutboundMessage): Promise<{ outboxId: number }>;
  /** Resolves when every delivery started so far has finished (tests, graceful shutdown). */
  flush(): Promise<void>;
}

/** Thrown by `send` for a message that cannot be sent as given (a programming error, not a delivery failure). */
export class InvalidOutboundMessageError extends Error {
  override name = 'InvalidOutboundMessageError';
}

/** Delivery attempts per message before it is marked `failed`. */
export const MAX_DELIVERY_ATTEMPTS = 3;

/** Wait before attempt `attempt + 1`: 1 s after the first failure, 2 s after the second. */
export const defaultRetryDelayMs = (attempt: number): number => 1_000 * 2 ** (attempt - 1);

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const E164 = /^\+[1-9]\d{6,14}$/;

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
 * Creates the messenger every domain sends email and SMS through (DESIGN.md "Outbound channels").
 *
 * `send` masks every 13-digit run (ID number) in subject, text and HTML, writes the message to
 * `outbox_messages` (in production with each of `secrets` replaced by `******`; elsewhere as is,
 * so development can read OTPs) and resolves with the row id. Delivery (with the real text) then
 * runs in the background: up to `MAX_DELIVERY_ATTEMPTS` (3) attempts, waiting `retryDelayMs(n)`
 * milliseconds after failed attempt n; the row records `attempts`, `last_error` (the error text
 * only), `status` `sent` (with `sent_at`) or `failed`. A channel without a sender only records the
 * message, with status `not_configured`. Delivery problems are logged (outbox id, channel, purpose,
 * error text), never the destination, the content or a secret; `last_error` and logged error texts
 * have secrets and the destination replaced.
 *
 * @param deps.emailSender overrides the SMTP sender built from `config.mail.smtpUrl`
 * @param deps.smsSender overrides the HTTP gateway sender built from `config.sms.gatewayUrl`
 * @param deps.retryDelayMs milliseconds to wait after failed attempt n (1-based); default 1 s, 2 s
 * @throws (from `send`) InvalidOutboundMessageError for an email without a subject or a
 *   destination that is not an email address (email) or an E.164 number (SMS); database errors
 *   from the outbox insert
 */
export function createMessenger(deps: {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  emailSender?: EmailSender;
  smsSender?: SmsSender;
  retryDelayMs?: (attempt: number) => number;
}): Messenger {
  const { db, config, log } = deps;
  const emailSender =
    deps.emailSender ??
    (config.mail.smtpUrl ? createSmtpEmailSender({ smtpUrl: config.mail.smtpUrl, from: config.mail.from }) : undefined);
  const smsSender =
    deps.smsSender ??
    (config.sms.gatewayUrl
      ? createHttpSmsSender({ gatewayUrl: config.sms.gatewayUrl, gatewayToken: config.sms.gatewayToken })
      : undefined);
  const retryDelayMs = deps.retryDelayMs ?? defaultRetryDelayMs;
  const redactStored = config.env === 'production';
  const inFlight = new Set<Promise<void>>();

  /** One delivery attempt through the channel's sender; throws when it was not accepted. */
  function transmit(channel: OutboundMessage['channel'], destination: string, parts: MessageParts): Promise<void> {
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

  /** Attempts delivery until sent or out of attempts, recording each attempt. Never rejects. */
  async function deliver(
    outboxId: number,
    message: OutboundMessage,
    destination: string,
    parts: MessageParts,
    secrets: string[],
  ): Promise<void> {
    const context = { outboxId, channel: message.channel, purpose: message.purpose };
    try {
      for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
        try {
          await transmit(message.channel, destination, parts);
        } catch (error) {
          const lastError = describeDeliveryError(error, secrets, destination);
          const final = attempt === MAX_DELIVERY_ATTEMPTS;
          await db
            .update(outboxMessages)
            .set({ attempts: attempt, lastError, ...(final ? { status: 'failed' as const } : {}) })
            .where(eq(outboxMessages.id, outboxId));
          if (final) {
            log.error({ ...context, attempt, error: lastError }, 'message delivery failed; giving up');
            return;
          }
          log.warn({ ...context, attempt, error: lastError }, 'message delivery attempt failed; retrying');
          await sleep(retryDelayMs(attempt));
          continue;
        }
        // Outside the try: a failure to record success must not send the message again.
        await db
          .update(outboxMessages)
          .set({ status: 'sent', attempts: attempt, sentAt: new Date() })
          .where(eq(outboxMessages.id, outboxId));
        log.info({ ...context, attempts: attempt }, 'message sent');
        return;
      }
    } catch (error) {
      log.error(
        { ...context, error: describeDeliveryError(error, secrets, destination) },
        'message delivery could not be recorded',
      );
    }
  }

  return {
    async send(message) {
      if (message.channel === 'email' && !message.subject) {
        throw new InvalidOutboundMessageError('An email needs a subject');
      }
      const destination = normalizeDestination(message.channel, message.destination);
      const secrets = (message.secrets ?? []).filter((secret) => secret.length > 0);
      const outgoing = mapParts(message, maskIdNumbers);
      const stored = redactStored ? mapParts(message, (text) => maskIdNumbers(redactSecrets(text, secrets))) : outgoing;
      const sender = message.channel === 'email' ? emailSender : smsSender;
      const [row] = await db
        .insert(outboxMessages)
        .values({
          channel: message.channel,
          destination,
          purpose: message.purpose,
          subject: stored.subject,
          body: stored.text,
          html: stored.html,
          status: sender ? 'pending' : 'not_configured',
          recipientArea: message.recipient?.area ?? null,
          recipientId: message.recipient?.id ?? null,
        })
        .returning({ id: outboxMessages.id });
      if (!row) throw new Error('The outbox insert returned no row');
      if (!sender) {
        log.info(
          { outboxId: row.id, channel: message.channel, purpose: message.purpose },
          'message recorded; channel not configured',
        );
        return { outboxId: row.id };
      }
      const delivery: Promise<void> = deliver(row.id, message, destination, outgoing, secrets).finally(() =>
        inFlight.delete(delivery),
      );
      inFlight.add(delivery);
      return { outboxId: row.id };
    },

    async flush() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
