import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from './client.js';
import { maySkipRowForeignKeyChecks, SKIP_ROW_CHECKS_SQL } from './foreign-key-checks.js';

/** A value of one column in a copied row; objects (jsonb) are written as JSON. */
export type CopyValue = string | number | boolean | null | undefined | object;

/** Rows written with `COPY ... FROM`, streamed (decision 023). */
export interface CopyWriter {
  /** Adds a row (values in the order of the columns); waits while the database catches up. */
  write(row: readonly CopyValue[]): Promise<void>;
  /**
   * Adds `rows` rows already in COPY's text format (`copyLine` of each, joined), as a string or
   * its UTF-8 bytes (e.g. formatted in a worker thread and moved here); waits while the database
   * catches up.
   */
  writeLines(text: string | Uint8Array, rows: number): Promise<void>;
  /** Sends what is left and finishes the copy. @returns rows written */
  end(): Promise<number>;
  /** Gives up: rows not yet sent are dropped (on PostgreSQL the whole copy is rolled back). */
  abort(): Promise<void>;
}

/** How a copy may skip the per-row checks of its foreign keys (PostgreSQL). */
export interface CopyOptions {
  /**
   * A statement that locks, until the copy commits, every row the copied rows refer to (e.g.
   * `select 1 from file_uploads where id = $1 for key share`) and answers at least one row. With
   * it, on PostgreSQL, the copy runs in a transaction that takes the lock, then turns the per-row
   * foreign key triggers off when the role may (`withoutRowForeignKeyChecks`): the references
   * were checked once, by the lock. No row answered: the copy fails before a row is sent.
   */
  referencesLock?: { text: string; values: unknown[] };
}

/** Rows sent per `COPY FROM '/dev/blob'` on PGlite. */
const PGLITE_CHUNK_ROWS = 10_000;
/** Bytes gathered before a write to PostgreSQL's copy stream. */
const PG_WRITE_BYTES = 64 * 1024;

/**
 * A value in COPY's text format: `\N` for null; backslash, tab and line breaks escaped; NUL
 * characters, which PostgreSQL text cannot hold, dropped.
 */
export function copyText(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[\\\t\n\r\0]/.test(text)
    ? text.replace(/\0/g, '').replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : text;
}

/** One row in COPY's text format, its line break included (values in the order of the columns). */
export const copyLine = (row: readonly CopyValue[]): string => `${row.map(copyText).join('\t')}\n`;

function copyStatement(table: string, columns: readonly string[], source: string): string {
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  return `COPY ${quote(table)} (${columns.map(quote).join(', ')}) FROM ${source}`;
}

/** On `client`: begins a transaction, takes the references' lock, skips the per-row checks if it may. */
async function lockReferences(client: pg.PoolClient, lock: NonNullable<CopyOptions['referencesLock']>) {
  await client.query('begin');
  const locked = await client.query(lock.text, lock.values);
  if (locked.rows.length === 0) throw new Error('copy: the rows referred to are not there');
  if (await maySkipRowForeignKeyChecks((text) => client.query(text))) await client.query(SKIP_ROW_CHECKS_SQL);
}

async function pgCopy(pool: pg.Pool, statement: string, options: CopyOptions): Promise<CopyWriter> {
  const client = await pool.connect();
  if (options.referencesLock) {
    try {
      await lockReferences(client, options.referencesLock);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
  }
  const stream = client.query(copyFrom(statement));
  const done = finished(stream);
  // Failures surface through `done` (and `drain`'s rejection), never as an unhandled error.
  done.catch(() => undefined);
  let pending = '';
  let count = 0;
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  const write = async (chunk: string | Uint8Array) => {
    if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), done]);
  };
  const send = async () => {
    const chunk = pending;
    pending = '';
    await write(chunk);
  };
  return {
    async write(row) {
      pending += copyLine(row);
      count += 1;
      if (pending.length >= PG_WRITE_BYTES) await send();
    },
    async writeLines(text, rows) {
      count += rows;
      if (typeof text !== 'string') {
        // Bytes go as they are, after the rows gathered before them.
        if (pending) await send();
        await write(text);
        return;
      }
      pending += text;
      if (pending.length >= PG_WRITE_BYTES) await send();
    },
    async end() {
      try {
        if (pending) await send();
        stream.end();
        await done;
        if (options.referencesLock) await client.query('commit');
        release();
        return count;
      } catch (error) {
        release(error as Error);
        throw error;
      }
    },
    async abort() {
      // Destroying the stream before its end makes the server roll the copy back (and a
      // connection released with an error is closed, so its transaction ends too).
      stream.destroy(new Error('copy aborted'));
      release(new Error('copy aborted'));
    },
  };
}

function pgliteCopy(pglite: PGlite, statement: string): CopyWriter {
  let lines: BlobPart[] = [];
  /** Rows in `lines` (a piece of `writeLines` holds many). */
  let lineCount = 0;
  let count = 0;
  const send = async () => {
    if (lines.length === 0) return;
    const blob = new Blob(lines);
    lines = [];
    lineCount = 0;
    await pglite.query(statement, [], { blob });
  };
  return {
    async write(row) {
      lines.push(copyLine(row));
      count += 1;
      lineCount += 1;
      if (lineCount >= PGLITE_CHUNK_ROWS) await send();
    },
    async writeLines(text, rows) {
      lines.push(text as BlobPart);
      count += rows;
      lineCount += rows;
      if (lineCount >= PGLITE_CHUNK_ROWS) await send();
    },
    async end() {
      await send();
      return count;
    },
    async abort() {
      lines = [];
      lineCount = 0;
    },
  };
}

/**
 * Opens a bulk load of rows into `table` with `COPY` (issue 16 rule 5; decision 023): on
 * PostgreSQL one `COPY ... FROM STDIN` streamed through `pg-copy-streams` on a connection of its
 * own (the rows appear all at once when it ends, or not at all); on PGlite `COPY ... FROM
 * '/dev/blob'` in chunks of 10,000 rows (each chunk visible when sent). Never holds more than a
 * chunk in memory. Table and column names are the caller's constants, never input.
 * @param db the Drizzle database of `openDatabase` (not a transaction)
 * @param options `referencesLock`: check the foreign keys once, not per row (PostgreSQL)
 */
export async function openCopy(
  db: Database,
  table: string,
  columns: readonly string[],
  options: CopyOptions = {},
): Promise<CopyWriter> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return pgCopy(client, copyStatement(table, columns, 'STDIN'), options);
  return pgliteCopy(client as PGlite, copyStatement(table, columns, `'/dev/blob'`));
}
