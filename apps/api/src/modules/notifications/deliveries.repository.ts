import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notificationDeliveries, notifications } from '../../db/schema/notifications.js';

/** A `notification_deliveries` row as stored. */
export type DeliveryRecord = typeof notificationDeliveries.$inferSelect;
/** A new delivery: its notification, channel and (push only) device; status `pending`. */
export type NewDelivery = Pick<typeof notificationDeliveries.$inferInsert, 'notificationId' | 'channel' | 'deviceId'>;

/** Inserts deliveries; returns each one's id and channel only. */
export async function insertDeliveryIds(
  db: Database,
  rows: NewDelivery[],
): Promise<Array<Pick<DeliveryRecord, 'id' | 'channel'>>> {
  return db
    .insert(notificationDeliveries)
    .values(rows)
    .returning({ id: notificationDeliveries.id, channel: notificationDeliveries.channel });
}

/** Updates a delivery's columns by id. */
export async function updateDelivery(
  db: Database,
  id: number,
  patch: Partial<Pick<DeliveryRecord, 'status' | 'lastError' | 'outboxId' | 'attempts' | 'completedAt'>>,
): Promise<void> {
  await db.update(notificationDeliveries).set(patch).where(eq(notificationDeliveries.id, id));
}

/**
 * Deliveries by id, each with its notification, in one query whatever their number (a delivery
 * job's first read; issue 40 item 6). Ids whose delivery or notification is gone are left out.
 * @returns by delivery id
 */
export async function findDeliveriesWithNotifications(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, { delivery: DeliveryRecord; notification: typeof notifications.$inferSelect }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ delivery: notificationDeliveries, notification: notifications })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(inArray(notificationDeliveries.id, [...ids]));
  return new Map(rows.map((row) => [row.delivery.id, row]));
}

/** One delivery's recorded attempt: `attempts`, and its outcome when it has one (`completedAt` is set with it). */
export interface DeliveryOutcome {
  id: number;
  attempts: number;
  status: 'sent' | 'undeliverable';
  lastError: string | null;
  outboxId: number | null;
}

/**
 * Records the outcomes of many deliveries (each its own status, error, outbox row and attempts) in
 * one statement (issue 40 item 6); `completed_at` is now.
 */
export async function recordDeliveryOutcomes(db: Database, outcomes: readonly DeliveryOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const tuples = outcomes.map(
    (outcome) =>
      sql`(${outcome.id}::bigint, ${outcome.attempts}::int, ${outcome.status}::text, ${outcome.lastError}::text, ${outcome.outboxId}::bigint)`,
  );
  await db.execute(sql`
    update ${notificationDeliveries} set status = outcome.status, attempts = outcome.attempts,
      last_error = outcome.last_error, outbox_id = outcome.outbox_id, completed_at = now()
    from (values ${sql.join(tuples, sql`, `)}) as outcome (id, attempts, status, last_error, outbox_id)
    where ${notificationDeliveries.id} = outcome.id`);
}

/**
 * Deletes the deliveries completed before `cutoff` that are no longer pending (the retention
 * purge, issue 15 item 4; the notifications themselves are kept).
 * @returns how many were deleted
 */
export async function deleteDeliveriesCompletedBefore(db: Database, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(notificationDeliveries)
    .where(and(lt(notificationDeliveries.completedAt, cutoff), ne(notificationDeliveries.status, 'pending')))
    .returning({ id: notificationDeliveries.id });
  return deleted.length;
}
