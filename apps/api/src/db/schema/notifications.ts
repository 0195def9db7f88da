import { NOTIFICATION_EVENTS, NOTIFICATION_SOURCES } from '@bcp/contract';
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, idColumn } from './columns.js';
import { devices } from './devices.js';
import { personUsers } from './person-users.js';

/** A member's notification (spec section 3 "Notification"; issue 5): shown in Activities. */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    personUserId: bigint('person_user_id', { mode: 'number' })
      .notNull()
      .references(() => personUsers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Rich text (HTML), sanitized when stored. */
    body: text('body').notNull(),
    /** `SYSTEM` (a domain event) | `STAFF` (a back-office message). */
    source: text('source', { enum: NOTIFICATION_SOURCES }).notNull(),
    /** The domain event, e.g. `identity.verified`, `claim.approved`. */
    event: text('event', { enum: NOTIFICATION_EVENTS }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** When the member was shown it in the Activities dialog; null while unread. */
    readAt: at('read_at'),
  },
  (table) => [index('notifications_person_user_idx').on(table.personUserId, table.id)],
);

/** Outbound channels of a notification besides in-app. */
export const DELIVERY_CHANNELS = ['push', 'email', 'sms'] as const;
/**
 * `pending` (queued or retrying) | `sent` | `failed` (out of attempts) | `undeliverable` (no way
 * to send it: FCM not configured, subscription gone, no contact detail).
 */
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'undeliverable'] as const;

/** One outbound delivery of a notification: a push to one device, or the email/SMS. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: idColumn(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: DELIVERY_CHANNELS }).notNull(),
    /** The device for `push`; null once the device is removed. */
    deviceId: bigint('device_id', { mode: 'number' }).references(() => devices.id, { onDelete: 'set null' }),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** The last error's text (never a token or the message content). */
    lastError: text('last_error'),
    /** For email/SMS: the outbox row the messenger recorded. */
    outboxId: bigint('outbox_id', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
  },
  (table) => [
    index('notification_deliveries_notification_idx').on(table.notificationId),
    // ON DELETE SET NULL from devices would otherwise scan every delivery (issue 15 item 5).
    index('notification_deliveries_device_idx').on(table.deviceId),
  ],
);
