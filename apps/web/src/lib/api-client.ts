/** The HTTP client (ky), shared with the back office: `@bcp/web-client`. */
export * from '@bcp/web-client';
