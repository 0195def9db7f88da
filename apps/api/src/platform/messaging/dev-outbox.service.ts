import { and, desc, eq, like } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/outbox-messages.js';

/** One outbox row as the development viewer shows it. */
export type OutboxMessageRow = typeof outboxMessages.$inferSelect;

/** How many messages the development viewer lists. */
export const OUTBOX_PAGE_SIZE = 50;

/**
 * A destination as a developer types it into a URL: trimmed; emails lower-cased; a `+` that the
 * query string turned into a space (`?destination=+2782...`) is put back, so `2782...` and
 * ` 2782...` both mean `+2782...`.
 */
export function normalizeDestinationQuery(destination: string): string {
  const trimmed = destination.trim();
  if (trimmed.includes('@')) return trimmed.toLowerCase();
  return /^\d{7,15}$/.test(trimmed) ? `+${trimmed}` : trimmed;
}

/**
 * The newest outbox messages first (at most `OUTBOX_PAGE_SIZE`, 50), optionally only those to
 * one destination (matched exactly after `normalizeDestinationQuery`).
 */
export async function listOutboxMessages(db: Database, filter: { destination?: string }): Promise<OutboxMessageRow[]> {
  const destination = filter.destination ? normalizeDestinationQuery(filter.destination) : undefined;
  return db
    .select()
    .from(outboxMessages)
    .where(destination === undefined ? undefined : eq(outboxMessages.destination, destination))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(OUTBOX_PAGE_SIZE);
}

/** A 6-digit run that is not part of a longer number. */
const OTP_CODE = /(?<!\d)\d{6}(?!\d)/;

/**
 * The one-time PIN in the newest message to `destination` whose purpose starts with `otp.`:
 * the first 6-digit number of its text body.
 * @returns `{ otp, referenceCode, createdAt }`, or null when there is no such message or it holds no 6-digit
 *   code (e.g. redacted to `******`)
 */
export async function findLatestOtp(
  db: Database,
  destination: string,
): Promise<{ otp: string; referenceCode: string | null; createdAt: Date } | null> {
  const [message] = await db
    .select({
      body: outboxMessages.body,
      referenceCode: outboxMessages.referenceCode,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.destination, normalizeDestinationQuery(destination)),
        like(outboxMessages.purpose, 'otp.%'),
      ),
    )
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(1);
  const otp = message?.body.match(OTP_CODE)?.[0];
  return message && otp ? { otp, referenceCode: message.referenceCode, createdAt: message.createdAt } : null;
}
