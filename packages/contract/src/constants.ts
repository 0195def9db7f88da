/**
 * Business constants and limits of spec section 9, in one place for server and clients.
 */

/** Password minimum length, in characters (spec section 9). */
export const PASSWORD_MIN_LENGTH = 10;

/** Two-factor method values (spec section 9). */
export const TWO_FACTOR_METHODS = ['SMS', 'EMAIL'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/** Device source values: APP (native) and WEB (spec section 9). */
export const DEVICE_SOURCES = ['APP', 'WEB'] as const;
export type DeviceSource = (typeof DEVICE_SOURCES)[number];

/** Notification list default sort (spec section 9). */
export const NOTIFICATION_DEFAULT_SORT = 'id:desc';

/** The HTTP client's behaviour (spec sections 7 and 9). Timeout in milliseconds. */
export const HTTP_CLIENT = {
  timeoutMs: 10_000,
  retryLimit: 2,
  retryMethods: ['get', 'put', 'head', 'delete', 'options', 'trace'],
  retryStatusCodes: [408, 413, 429, 500, 502, 503, 504],
} as const;

/** Toast durations in milliseconds (spec section 9). */
export const TOAST_TIMEOUT_MS = { foreground: 8000, default: 5000 } as const;

/** Dialog sizes in pixels (spec section 9). */
export const DIALOG_SIZE_PX = { faqWidth: 950, notificationSettingsMinWidth: 400 } as const;

/** The XSRF cookie and header names (spec section 7; DESIGN.md "Sessions"). */
export const XSRF = { cookie: 'XSRF-TOKEN', header: 'X-XSRF-TOKEN' } as const;
