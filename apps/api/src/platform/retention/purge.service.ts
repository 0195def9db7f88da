import { and, inArray, isNotNull, lt, ne, or } from 'drizzle-orm';
import type { RetentionConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/idempotency-keys.js';
import { messageReferences } from '../../db/schema/message-references.js';
import { oneTimePins, passwordResetTokens } from '../../db/schema/one-time-pins.js';
import { outboxMessages } from '../../db/schema/outbox-messages.js';
import { sessions } from '../../db/schema/sessions.js';
import { sessionEndedBefore } from '../auth/sessions.js';
import { type HandedOver, handedOver } from '../wiring/handed-over.js';

/** What one purge removed, per kind of record (row counts). */
export interface PurgeCounts {
  sessions: number;
  pins: number;
  resetTokens: number;
  outbox: number;
  deliveries: number;
  idempotencyKeys: number;
  messageReferences: number;
  /** Watchlist entries past their `expiresAt` (issue 21 item 3, decision 035). */
  watchlist: number;
}

const HOUR_MS = 60 * 60 * 1000;

/** The kinds of records a module purges for the platform: notification deliveries, watchlist entries. */
export type ModulePurgeKind = 'deliveries' | 'watchlist';

/**
 * A module's part of the purge: deletes, within the purge's transaction `tx`, its records that
 * were over before `cutoff` (the platform works the cutoff out from the retention periods).
 * @returns how many rows it deleted
 */
export type ModulePurge = (tx: Database, cutoff: Date) => Promise<number>;

const missingPart = (kind: ModulePurgeKind) => `no module has given the retention purge its part for ${kind}`;
const modulePurges: Record<ModulePurgeKind, HandedOver<ModulePurge>> = {
  deliveries: handedOver(missingPart('deliveries')),
  watchlist: handedOver(missingPart('watchlist')),
};

/**
 * Gives the purge a module's part (issue 35: platform reads no module's table): notifications
 * gives `deliveries`, the watchlist `watchlist`, each from its module's `install`.
 */
export function useModulePurge(kind: ModulePurgeKind, purge: ModulePurge): void {
  modulePurges[kind].give(purge);
}

/** @throws Error when the owner has not given its part (a wiring mistake: nothing would be purged) */
function modulePurge(kind: ModulePurgeKind): ModulePurge {
  return modulePurges[kind].take();
}

/**
 * Deletes what is no longer needed, each kind once it has been over for its retention period
 * (hours, `RetentionConfig`; issue 15 item 4, POPIA): ended sessions (and their PINs), PINs that
 * were used, replaced or expired, used or expired password-reset tokens, outbox rows that are no
 * longer pending (they hold email and SMS texts, PINs included outside production), completed
 * notification deliveries, idempotency keys once expired (24 h after first use), message
 * reference codes once their period is over (a code then answers "not from us"; decision 033), and
 * watchlist entries past their own end (decision 035). Notifications themselves (the member's
 * history) and audit events are kept. One transaction; safe to run from several processes.
 * @returns how many rows of each kind were deleted
 * @throws Error when notifications or the watchlist has not given its part (`useModulePurge`)
 */
export async function purgeExpiredRecords(
  db: Database,
  retention: Omit<RetentionConfig, 'schedule'>,
  now: Date = new Date(),
): Promise<PurgeCounts> {
  const before = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const purgeDeliveries = modulePurge('deliveries');
  const purgeWatchlist = modulePurge('watchlist');
  return db.transaction(async (tx) => {
    const pinCutoff = before(retention.pinsHours);
    const pins = await tx
      .delete(oneTimePins)
      .where(
        or(
          lt(oneTimePins.expiresAt, pinCutoff),
          lt(oneTimePins.consumedAt, pinCutoff),
          lt(oneTimePins.invalidatedAt, pinCutoff),
        ),
      )
      .returning({ id: oneTimePins.id });

    const sessionEnded = sessionEndedBefore(before(retention.sessionsHours));
    const ended = tx.select({ id: sessions.id }).from(sessions).where(sessionEnded);
    // A purged session's PINs go with it (the foreign key would refuse the session otherwise).
    const sessionPins = await tx
      .delete(oneTimePins)
      .where(and(isNotNull(oneTimePins.sessionId), inArray(oneTimePins.sessionId, ended)))
      .returning({ id: oneTimePins.id });
    const endedSessions = await tx.delete(sessions).where(sessionEnded).returning({ id: sessions.id });

    const tokenCutoff = before(retention.resetTokensHours);
    const resetTokens = await tx
      .delete(passwordResetTokens)
      .where(or(lt(passwordResetTokens.expiresAt, tokenCutoff), lt(passwordResetTokens.usedAt, tokenCutoff)))
      .returning({ id: passwordResetTokens.id });

    const outbox = await tx
      .delete(outboxMessages)
      .where(and(lt(outboxMessages.createdAt, before(retention.outboxHours)), ne(outboxMessages.status, 'pending')))
      .returning({ id: outboxMessages.id });

    // Completed deliveries (notifications'; the notifications themselves are kept).
    const deliveries = await purgeDeliveries(tx, before(retention.deliveriesHours));

    // Keys expire 24 hours after first use (IDEMPOTENCY_TTL_SECONDS); an expired key answers nothing.
    const keys = await tx
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.expiresAt, now))
      .returning({ id: idempotencyKeys.id });

    const references = await tx
      .delete(messageReferences)
      .where(lt(messageReferences.createdAt, before(retention.messageReferencesHours)))
      .returning({ id: messageReferences.id });

    // Watchlist entries carry their own end: unconfirmed a day, confirmed a year, unsubscribed 30 days.
    const watchlist = await purgeWatchlist(tx, now);

    return {
      watchlist,
      sessions: endedSessions.length,
      pins: pins.length + sessionPins.length,
      resetTokens: resetTokens.length,
      outbox: outbox.length,
      deliveries,
      idempotencyKeys: keys.length,
      messageReferences: references.length,
    };
  });
}
