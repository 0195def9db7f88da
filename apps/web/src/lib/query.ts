/** The TanStack Query adapter of the HTTP client, shared with the back office: `@bcp/web-client`. */
export * from '@bcp/web-client/query';
