/** The XSRF cookie reader, shared with the back office: `@bcp/web-client`. */
export * from '@bcp/web-client/xsrf';
