import { and, eq, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notificationDeliveries, notifications } from '../../db/schema/notifications.js';

/** A `notification_deliveries` row as stored. */
export type DeliveryRecord = typeof notificationDeliveries.$inferSelect;
/** A new delivery: its notification, channel and (push only) device; status `pending`. */
export type NewDelivery = Pick<typeof notificationDeliveries.$inferInsert, 'notificationId' | 'channel' | 'deviceId'>;

/** Inserts deliveries; returns the rows. */
export async function insertDeliveries(db: Database, rows: NewDelivery[]): Promise<DeliveryRecord[]> {
  return db.insert(notificationDeliveries).values(rows).returning();
}

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
 * A delivery by id with its notification, in one query (a delivery job's first read; issue 40
 * item 6), or `undefined` when either is gone.
 */
export async function findDeliveryWithNotification(
  db: Database,
  id: number,
): Promise<{ delivery: DeliveryRecord; notification: typeof notifications.$inferSelect } | undefined> {
  const [row] = await db
    .select({ delivery: notificationDeliveries, notification: notifications })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .where(eq(notificationDeliveries.id, id));
  return row;
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
