import type { NotificationEvent, NotificationResponse, NotificationSource } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { deviceIdsOfPersonUser } from '../devices/index.js';
import { messageChannelOfPersonUser } from '../person-users/index.js';
import {
  insertNotifications,
  insertNotificationWithDeliveries,
  type NotificationRecord,
  type StoredNotificationContent,
} from './notifications.repository.js';
import { sanitizeRichText } from './rich-text.js';

export {
  countUnreadNotifications,
  deletePersonUserNotifications,
  findNotifications,
  listNotifications,
  listNotificationsAfter,
  markNotificationsRead,
  type NotificationRecord,
} from './notifications.repository.js';

/** What a notification says: title (plain text), body (rich text), the event and who raised it. */
export interface NotificationContent {
  title: string;
  /** Rich text (HTML); sanitized before it is stored. */
  body: string;
  event: NotificationEvent;
  /** Default `SYSTEM`; back-office messages pass `STAFF`. */
  source?: NotificationSource;
}

/** Longest title kept, in characters (longer ones are cut). */
export const MAX_TITLE_LENGTH = 200;

/** The stored columns of `content` (title cut, body sanitized), without the person user. */
function storedContent(content: NotificationContent): StoredNotificationContent {
  return {
    title: content.title.trim().slice(0, MAX_TITLE_LENGTH),
    body: sanitizeRichText(content.body),
    source: content.source ?? 'SYSTEM',
    event: content.event,
  };
}

/**
 * Stores a notification for a person user with its outbound deliveries, in one statement (issue 40
 * item 6, decision 071): the notification (body sanitized), one push delivery per registered
 * device and one email or SMS delivery following the member's two-factor method (email when it
 * is not SMS), all `pending`.
 * @returns the notification's id and each delivery's id and channel, each to be sent by its own job
 * @throws database errors (nothing is stored then)
 */
export async function createNotificationWithDeliveries(
  db: Database,
  personUserId: number,
  content: NotificationContent,
): Promise<{ notificationId: number; deliveries: Array<{ id: number; channel: 'push' | 'email' | 'sms' }> }> {
  return insertNotificationWithDeliveries(db, personUserId, storedContent(content), {
    deviceIds: deviceIdsOfPersonUser(personUserId),
    messageChannel: messageChannelOfPersonUser(personUserId),
  });
}

/**
 * Stores the same notification for many person users in one statement (the body sanitized once).
 * @returns the new notifications: id and person user
 */
export async function createNotifications(
  db: Database,
  personUserIds: readonly number[],
  content: NotificationContent,
): Promise<Array<{ notificationId: number; personUserId: number }>> {
  if (personUserIds.length === 0) return [];
  return insertNotifications(db, personUserIds, storedContent(content));
}

/** Maps a row to `NotificationResponse` (times ISO 8601 UTC). */
export function toNotificationResponse(row: NotificationRecord): NotificationResponse {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    source: row.source,
    event: row.event,
    createdAt: row.createdAt ? row.createdAt.toISOString() : null,
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}
