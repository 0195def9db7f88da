/**
 * The browser apps' HTTP client (spec sections 7 and 9, decision 003): one `createApiClient` per
 * app, errors as values, the XSRF cookie reader and the TanStack Query adapter. Both browser apps
 * use it: the back office (`apps/admin`) directly, the member app through `apps/web/src/lib`'s
 * re-exports (decision 026).
 */
export * from './api-client';
export * from './error-message';
export * from './query';
export * from './xsrf';
