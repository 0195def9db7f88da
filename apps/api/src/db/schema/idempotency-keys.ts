import { integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn } from './columns.js';

/**
 * Answers kept for `Idempotency-Key` requests (platform/http/idempotency): a replay within 24 hours
 * gets the first answer; the same key with a different body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: idColumn(),
    /** The operation, e.g. `benefit-claims.submit`. */
    scope: text('scope').notNull(),
    /** Whose key: e.g. `person_user:42`. */
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    /** Hex SHA-256 of the request (path and canonical body). */
    requestHash: text('request_hash').notNull(),
    /** null while the first request is still running. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [uniqueIndex('idempotency_keys_scope_owner_key').on(table.scope, table.owner, table.key)],
);
