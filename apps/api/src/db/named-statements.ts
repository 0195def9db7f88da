import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Statements one connection keeps prepared (decision 081). Each holds its parse tree and, once
 * PostgreSQL settles on it, a generic plan in the server's memory, so they are capped; reads past
 * the cap run unnamed, as before.
 */
export const NAMED_STATEMENTS_PER_CONNECTION = 200;

/** Longer statements are never named (a search with many terms, a batch lookup of many ids). */
const MAX_NAMED_TEXT_LENGTH = 8_192;

/** A read: one SELECT (or WITH ... SELECT) statement. The length is capped before this runs. */
const READ_STATEMENT = /^\s*(select|with)\s/i;

type QueryConfig = pg.QueryConfig & { name?: string };

/**
 * Names each read a pooled connection sends by a hash of its SQL text (decision 081, issue 40
 * item 3): PostgreSQL then parses a list's query once per connection instead of on every request,
 * and after five runs keeps a generic plan when it is no dearer than planning each time (its plan
 * cache), so the staff lists' joins are not planned again per page (about 1 ms of database time
 * each). node-postgres sends a named statement's parse once per connection and only binds it after.
 *
 * Only Drizzle's query objects (`{ text, ... }` without a name) that are single reads of at most
 * 8 kB are named, and at most `limit` distinct ones per connection. Writes, COPY, multi-statement
 * text and plain-string queries go through unchanged.
 * @param client a connection of the pool, as it connects (`pool.on('connect')`)
 * @param limit distinct statements named on this connection (default `NAMED_STATEMENTS_PER_CONNECTION`)
 */
export function nameStatements(client: pg.PoolClient, limit = NAMED_STATEMENTS_PER_CONNECTION): void {
  const named = new Set<string>();
  // The class's `query`, looked up on each call: a wrapper of `pg.Client.prototype.query` installed
  // later (the benches count and record statements so) still sees every statement.
  const classQuery = () => (Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown }).query;
  client.query = ((config: unknown, ...rest: unknown[]) =>
    classQuery().call(client, withName(config, named, limit), ...rest)) as typeof client.query;
}

/** `config` with a `name` when it is a read to name on this connection; otherwise `config` itself. */
function withName(config: unknown, named: Set<string>, limit: number): unknown {
  // Drizzle's plain query objects only: a submittable query (COPY streams, cursors) keeps its class.
  if (typeof config !== 'object' || config === null || Object.getPrototypeOf(config) !== Object.prototype)
    return config;
  const { text, name } = config as QueryConfig;
  if (name !== undefined || typeof text !== 'string' || text.length > MAX_NAMED_TEXT_LENGTH) return config;
  if (!READ_STATEMENT.test(text) || text.includes(';')) return config;
  const statement = `bcp_${createHash('sha1').update(text).digest('base64url')}`;
  if (!named.has(statement)) {
    if (named.size >= limit) return config;
    named.add(statement);
  }
  return { ...(config as QueryConfig), name: statement };
}
