import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { outboxMessages } from '../../db/schema/outbox-messages.js';

/**
 * What became of a message the outbox recorded: its status (`pending`, `sent`, `failed`,
 * `not_configured`), or `purged` once the retention purge removed the row (or none was recorded).
 */
export type OutboxDelivery = 'pending' | 'sent' | 'failed' | 'not_configured' | 'purged';

/**
 * The delivery of the outbox message whose id is in `outboxId` (a column of the caller's table,
 * e.g. `outreach_invitations.outbox_id`), as an SQL expression a read model selects, filters or
 * sorts on in its own query: set-based (one statement for a whole page, counts included), while
 * the outbox table stays platform's (issue 35). `purged` when the id is null or the row is gone.
 *
 * ```ts
 * const delivery = outboxDeliveryOf(outreachInvitations.outboxId);
 * db.select({ id: outreachInvitations.id, delivery }).from(outreachInvitations).where(eq(delivery, 'sent'));
 * ```
 */
export function outboxDeliveryOf(outboxId: AnyColumn | SQL): SQL<OutboxDelivery> {
  // A built subquery names its columns with their tables, also inside a single-table select.
  const status = new QueryBuilder()
    .select({ status: outboxMessages.status })
    .from(outboxMessages)
    .where(eq(outboxMessages.id, outboxId));
  return sql<OutboxDelivery>`coalesce(${status}, 'purged')`;
}
