import { z } from 'zod';
import { DEVICE_SOURCES, NOTIFICATION_DEFAULT_SORT } from '../constants.js';

/**
 * Notifications and devices (spec sections 2, 3, 4, 7, 8 and 9; issue 5): the shapes of the
 * `/api/app/firebase/*` calls, the live update events and the messages the app shows.
 */

/** Where a notification came from: the product itself (a domain event) or a staff member. */
export const NOTIFICATION_SOURCES = ['SYSTEM', 'STAFF'] as const;
export type NotificationSource = (typeof NOTIFICATION_SOURCES)[number];

/** The domain events that notify a member; `dev.test` exists only outside production. */
export const NOTIFICATION_EVENTS = [
  'identity.verified',
  'claim.submitted',
  'claim.in_review',
  'claim.approved',
  'claim.rejected',
  'claim.paid',
  /** A fund's accepted member file gave the member a new benefit (issue 16 rule 7). */
  'benefit.found',
  'staff.message',
  'dev.test',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** The messages of spec section 8 about notifications and push, spelled exactly. */
export const NOTIFICATION_MESSAGES = {
  listFailed: 'Unable to get notifications',
  listEmpty: 'No Available Notifications',
  totalFailed: 'Unable to get notification totals',
  saveTokenFailed: 'Unable to save token',
  permissionDenied: 'Notification permission denied.',
  permissionGranted: 'Notification permission granted!',
  registrationFailed: 'Failed to register for push notifications.',
  /** `{message}` is the error's message. */
  permissionError: 'Error requesting permission: {message}',
  browserDenied: 'Notifications has been denied, Clear site notification permissions',
  toastTitleDefault: 'Notification',
  toastBodyDefault: 'No Body',
} as const;

/** Push constants of spec section 9. */
export const PUSH = {
  /** A push token is registered again after this many milliseconds (7 days). */
  tokenRefreshMs: 7 * 24 * 60 * 60 * 1000,
  /** Android re-posts a foreground message as a local notification after this delay (ms). */
  androidRepostDelayMs: 100,
  /** The Android notification channel of those local notifications. */
  androidChannelId: 'high_priority_channel',
} as const;

/** Sort keys accepted by `GET firebase/{id}/notification` (`<field>:<asc|desc>`). */
export const NOTIFICATION_SORT_FIELDS = ['id', 'createdAt', 'readAt', 'title'] as const;
const SORT_PATTERN = new RegExp(`^(${NOTIFICATION_SORT_FIELDS.join('|')}):(asc|desc)$`);

/** A notification as the app shows it (spec section 3). Times are ISO 8601 UTC; body is sanitized HTML. */
export const NotificationResponse = z
  .object({
    id: z.number().int(),
    title: z.string(),
    /** Rich text (HTML), sanitized on the server; the app sanitizes again (DOMPurify) before showing it. */
    body: z.string(),
    source: z.enum(NOTIFICATION_SOURCES),
    event: z.enum(NOTIFICATION_EVENTS),
    createdAt: z.string().nullable(),
    /** When the member opened the Activities dialog showing it; null while unread. */
    readAt: z.string().nullable(),
  })
  .meta({ id: 'NotificationResponse' });
export type NotificationResponse = z.infer<typeof NotificationResponse>;

/** The person user id in a query: must be the caller's own. */
const zPersonUserIdQuery = () => z.coerce.number().int().positive().optional();

/**
 * `GET firebase/{id}/notification` query: `sort[]=id:desc` (bracket array, default `id:desc`,
 * spec section 9), `personUserId` (optional; must be the caller), `limit` (1..200, default 100).
 */
export const NotificationListQuery = z.object({
  sort: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) => (value === undefined ? [NOTIFICATION_DEFAULT_SORT] : Array.isArray(value) ? value : [value]))
    .pipe(
      z.array(z.string().regex(SORT_PATTERN, 'Sort by id, createdAt, readAt or title, then :asc or :desc.')).max(4),
    ),
  personUserId: zPersonUserIdQuery(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

/** `GET firebase/notification-total` query: `personUserId` (optional; must be the caller). */
export const NotificationTotalQuery = z.object({ personUserId: zPersonUserIdQuery() });

/** `PUT firebase/notification/read`: the ids of the notifications the member was shown. */
export const MarkNotificationsReadRequest = z
  .object({ ids: z.array(z.number().int().positive()).min(1).max(200) })
  .meta({ id: 'MarkNotificationsReadRequest' });
export type MarkNotificationsReadRequest = z.infer<typeof MarkNotificationsReadRequest>;

/** How many notifications changed to read, and the unread total after the change. */
export const MarkNotificationsReadResponse = z
  .object({ updated: z.number().int(), total: z.number().int() })
  .meta({ id: 'MarkNotificationsReadResponse' });
export type MarkNotificationsReadResponse = z.infer<typeof MarkNotificationsReadResponse>;

/**
 * A web push subscription (`PushSubscription.toJSON()`), sent as a JSON string in `token` for
 * source WEB.
 */
export const WebPushSubscription = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(20).max(200), auth: z.string().min(8).max(100) }),
});
export type WebPushSubscription = z.infer<typeof WebPushSubscription>;

/**
 * `POST firebase/device` (spec section 3 "Device registration payload"): the caller's own
 * `personUserId`, `source` APP (FCM registration token) or WEB (a `WebPushSubscription` as JSON),
 * and `token`. `previousToken`: a token of this device to replace (the subscription changed).
 */
export const DeviceRequest = z
  .object({
    personUserId: z.number().int().positive(),
    source: z.enum(DEVICE_SOURCES),
    token: z.string().trim().min(1, 'Field is required').max(4096),
    previousToken: z.string().trim().min(1).max(4096).optional(),
  })
  .meta({ id: 'DeviceRequest' });
export type DeviceRequest = z.infer<typeof DeviceRequest>;

/** A registered device. `refreshedAt`: last registration (the app registers again after 7 days). */
export const DeviceResponse = z
  .object({
    id: z.number().int(),
    source: z.enum(DEVICE_SOURCES),
    createdAt: z.string(),
    refreshedAt: z.string(),
  })
  .meta({ id: 'DeviceResponse' });
export type DeviceResponse = z.infer<typeof DeviceResponse>;

/** `DELETE firebase/device`: the token to forget (unsubscribe, logout). */
export const DeviceRemoveRequest = z
  .object({ token: z.string().trim().min(1).max(4096) })
  .meta({ id: 'DeviceRemoveRequest' });
export type DeviceRemoveRequest = z.infer<typeof DeviceRemoveRequest>;

/** Whether `DELETE firebase/device` removed a device (false: it was not registered to you). */
export const DeviceRemoveResponse = z.object({ removed: z.boolean() }).meta({ id: 'DeviceRemoveResponse' });
export type DeviceRemoveResponse = z.infer<typeof DeviceRemoveResponse>;

/** `GET firebase/web-push-key`: the VAPID public key (base64url) the browser subscribes with. */
export const WebPushKeyResponse = z.object({ publicKey: z.string() }).meta({ id: 'WebPushKeyResponse' });
export type WebPushKeyResponse = z.infer<typeof WebPushKeyResponse>;

/**
 * What push payloads and live events carry: no body text (push travels through third parties
 * and shows on lock screens), only the title, a fixed body and the notification id.
 */
export const PushPayload = z.object({
  notificationId: z.number().int(),
  title: z.string(),
  body: z.string(),
  event: z.enum(NOTIFICATION_EVENTS),
});
export type PushPayload = z.infer<typeof PushPayload>;

/** The fixed body of push messages (the real body is read in the app). */
export const PUSH_BODY_TEXT = 'Open Benefit Finder to read it.';

/** A live update event (`event: notification`, over `GET firebase/live`): the new notification. */
export type LiveNotificationEvent = NotificationResponse;
