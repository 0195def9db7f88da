/**
 * Notification sources, events, messages and push constants (spec sections 8 and 9).
 * Plain values, no Zod: the app imports them and its bundle leaves the schemas out
 * (`sideEffects: false` in package.json lets the bundler drop modules whose exports are unused).
 */

/** Where a notification came from: the product itself (a domain event) or a staff member. */
export const NOTIFICATION_SOURCES = ['SYSTEM', 'STAFF'] as const;
export type NotificationSource = (typeof NOTIFICATION_SOURCES)[number];

/** The domain events that notify a member; `dev.test` exists only outside production. */
export const NOTIFICATION_EVENTS = [
  'identity.verified',
  'claim.submitted',
  'claim.in_review',
  /** Staff or the fund asked the member for a document or a correction (issue 21 item 1). */
  'claim.information_requested',
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

/** The fixed body of push messages (the real body is read in the app). */
export const PUSH_BODY_TEXT = 'Open Benefit Finder to read it.';
