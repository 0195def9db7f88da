/**
 * The browser apps' HTTP client (spec sections 7 and 9, decision 003): one `createApiClient` per
 * app, errors as values, the XSRF cookie reader and the TanStack Query adapter. The back office
 * (`apps/admin`) uses it; the member app keeps its own copy in `apps/web/src/lib` until it moves
 * here (decision 026).
 */
export * from './api-client';
export * from './query';
export * from './xsrf';
