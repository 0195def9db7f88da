import type { NOTIFICATION_SORT_FIELDS, NotificationEvent, NotificationSource } from '@bcp/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/result-rows.js';
import { notificationDeliveries, notifications } from '../../db/schema/notifications.js';

/** A `notifications` row as stored. */
export type NotificationRecord = typeof notifications.$inferSelect;

/** The stored columns of a notification's content (title cut, body sanitized by the service). */
export interface StoredNotificationContent {
  title: string;
  body: string;
  source: NotificationSource;
  event: NotificationEvent;
}

/** Where a new notification's deliveries go, as subqueries of the modules that own the data (decision 071). */
export interface DeliveryTargets {
  /** The person user's device ids (column `id`): one push delivery each. */
  deviceIds: SQL;
  /** The email/SMS delivery's channel (`'email'` or `'sms'`), a scalar subquery. */
  messageChannel: SQL;
}

/**
 * Inserts a notification and its deliveries (one push per device of `targets.deviceIds`, then one
 * of `targets.messageChannel`, all `pending`) in one statement (issue 40 item 6, decision 071).
 * @returns the notification's id and each delivery's id and channel
 * @throws database errors (nothing is stored then)
 */
export async function insertNotificationWithDeliveries(
  db: Database,
  personUserId: number,
  stored: StoredNotificationContent,
  targets: DeliveryTargets,
): Promise<{ notificationId: number; deliveries: Array<{ id: number; channel: 'push' | 'email' | 'sms' }> }> {
  const rows = rowsOf<{ notification_id: string | number; id: string | number; channel: 'push' | 'email' | 'sms' }>(
    await db.execute(sql`
      with notification as (
        insert into ${notifications} (person_user_id, title, body, source, event)
        values (${personUserId}::bigint, ${stored.title}, ${stored.body}, ${stored.source}, ${stored.event})
        returning id
      ), delivery as (
        insert into ${notificationDeliveries} (notification_id, channel, device_id)
        select notification.id, target.channel, target.device_id
        from notification, (
          select 1 as position, device.id as device_id, 'push'::text as channel from (${targets.deviceIds}) as device
          union all
          select 2, null::bigint, (${targets.messageChannel})::text
          order by position, device_id
        ) as target
        returning notification_id, id, channel
      )
      select notification_id, id, channel from delivery order by id`),
  );
  const [first] = rows;
  if (!first) throw new Error('The notification insert returned no row');
  return {
    notificationId: Number(first.notification_id),
    deliveries: rows.map((row) => ({ id: Number(row.id), channel: row.channel })),
  };
}

/**
 * Inserts the same notification for many person users in one statement.
 * @returns the new notifications: id and person user
 */
export async function insertNotifications(
  db: Database,
  personUserIds: readonly number[],
  stored: StoredNotificationContent,
): Promise<Array<{ notificationId: number; personUserId: number }>> {
  if (personUserIds.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(personUserIds.map((personUserId) => ({ personUserId, ...stored })))
    .returning({ notificationId: notifications.id, personUserId: notifications.personUserId });
  return rows;
}

const SORT_COLUMNS = {
  id: notifications.id,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  title: notifications.title,
} satisfies Record<(typeof NOTIFICATION_SORT_FIELDS)[number], unknown>;

/** `['id:desc']` as ORDER BY terms; `id desc` is always the last tie-breaker. */
function orderTerms(sort: readonly string[]): SQL[] {
  const terms = sort.map((entry) => {
    const [field, direction] = entry.split(':') as [keyof typeof SORT_COLUMNS, 'asc' | 'desc'];
    return direction === 'asc' ? asc(SORT_COLUMNS[field]) : desc(SORT_COLUMNS[field]);
  });
  return [...terms, desc(notifications.id)];
}

/**
 * The person user's notifications (spec 7 `GET firebase/{id}/notification`), in `sort` order
 * (`<field>:<asc|desc>`, fields of `NOTIFICATION_SORT_FIELDS`; default `id:desc`), at most `limit`.
 */
export async function listNotifications(
  db: Database,
  personUserId: number,
  options: { sort: readonly string[]; limit: number },
): Promise<NotificationRecord[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.personUserId, personUserId))
    .orderBy(...orderTerms(options.sort))
    .limit(options.limit);
}

/** The person user's notifications with an id above `afterId`, oldest first (live reconnects). */
export async function listNotificationsAfter(
  db: Database,
  personUserId: number,
  afterId: number,
  limit: number,
): Promise<NotificationRecord[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.personUserId, personUserId), gt(notifications.id, afterId)))
    .orderBy(asc(notifications.id))
    .limit(limit);
}

/** How many of the person user's notifications are unread (spec 7 `GET firebase/notification-total`). */
export async function countUnreadNotifications(db: Database, personUserId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.personUserId, personUserId), isNull(notifications.readAt)));
  return row?.total ?? 0;
}

/**
 * Marks the caller's notifications with these ids read (the Activities dialog showed them).
 * Ids of someone else's notifications, or already read ones, are left alone.
 * @returns how many changed
 */
export async function markNotificationsRead(db: Database, personUserId: number, ids: number[]): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(eq(notifications.personUserId, personUserId), inArray(notifications.id, ids), isNull(notifications.readAt)),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** The notifications with these ids, in one query (ids of notifications gone are left out; order not kept). */
export async function findNotifications(db: Database, ids: readonly number[]): Promise<NotificationRecord[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(notifications)
    .where(inArray(notifications.id, [...ids]));
}

/** Deletes every notification of a person user, with its deliveries (account closed, issue 18). @returns how many */
export async function deletePersonUserNotifications(db: Database, personUserId: number): Promise<number> {
  const removed = await db
    .delete(notifications)
    .where(eq(notifications.personUserId, personUserId))
    .returning({ id: notifications.id });
  return removed.length;
}
