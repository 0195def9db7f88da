/**
 * The HTTP client's types and error messages, shared with the back office: `@bcp/web-client`. Only
 * types from the client itself (ky): `lib/api.ts` loads it with the first call (issue 40 item 1).
 */
export type * from '@bcp/web-client/api-client';
export * from '@bcp/web-client/error-message';
