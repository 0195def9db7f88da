import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/result-rows.js';

/**
 * The tamper-evident chain of the audit trail (issue 36 item 5, decision 039). Events are written
 * by `recordAudit` in their own transactions, unchained; the sealer then chains the committed ones
 * one after the other: each gets its place (`chain_seq` 1, 2, ...), the previous event's hash
 * (`prev_hash`; `AUDIT_CHAIN_GENESIS` for the first) and its own hash, the hex SHA-256 of
 * `auditEventCanonicalJson`. Changing, removing or inserting an event afterwards breaks the hash
 * of that event or the link to the next one, which `verifyAuditChain` finds.
 */

/** The `prev_hash` of the first event of the chain. */
export const AUDIT_CHAIN_GENESIS = '0'.repeat(64);

/** The advisory lock under which one sealer at a time chains events (any process, any database connection). */
const SEAL_LOCK_KEY = 727_036;

/** Events chained per transaction. */
const SEAL_BATCH_ROWS = 1000;

/**
 * A missing id before an unsealed event is an insert not committed yet (its event must take its
 * place in the chain first), unless the event after the gap is older than this: then it was a
 * rolled-back insert (identity values are never reused) or a long transaction, whose event is
 * chained when it commits, later in the chain.
 */
export const SEAL_GAP_WAIT_SECONDS = 60;

/** An event's fields as they are hashed: exactly as stored (times to the microsecond, UTC). */
export interface ChainedFields {
  id: number;
  /** ISO 8601 with microseconds, UTC: `2026-11-26T10:11:12.123456Z`. */
  occurredAt: string;
  actorType: string;
  actorId: number | null;
  actorLabel: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  chainSeq: number;
  prevHash: string;
}

/** JSON with every object's keys in code-point order, at every depth (arrays keep their order). */
function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
}

/**
 * The text an event's hash is taken over: a JSON object with the keys in this order (snake case,
 * as the columns), `before` and `after` with their keys sorted at every depth:
 * `{"id","occurred_at","actor_type","actor_id","actor_label","action","entity_type","entity_id",
 * "before","after","ip","chain_seq","prev_hash"}`. Anyone can recompute it from a copy of the table.
 */
export function auditEventCanonicalJson(fields: ChainedFields): string {
  const ordered: [string, unknown][] = [
    ['id', fields.id],
    ['occurred_at', fields.occurredAt],
    ['actor_type', fields.actorType],
    ['actor_id', fields.actorId],
    ['actor_label', fields.actorLabel],
    ['action', fields.action],
    ['entity_type', fields.entityType],
    ['entity_id', fields.entityId],
    ['before', fields.before ?? null],
    ['after', fields.after ?? null],
    ['ip', fields.ip],
    ['chain_seq', fields.chainSeq],
    ['prev_hash', fields.prevHash],
  ];
  return `{${ordered.map(([key, value]) => `${JSON.stringify(key)}:${stableJson(value)}`).join(',')}}`;
}

/** Hex SHA-256 of `auditEventCanonicalJson(fields)`. */
export function auditEventHash(fields: ChainedFields): string {
  return createHash('sha256').update(auditEventCanonicalJson(fields), 'utf8').digest('hex');
}

/** The columns as read for hashing: exact text for times, ids and JSON (the same on PGlite and PostgreSQL). */
const STORED_FIELDS = sql.raw(`id::text as id,
  to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as occurred_at,
  actor_type, actor_id::text as actor_id, actor_label, action, entity_type, entity_id,
  before::text as before, after::text as after, ip`);

interface StoredRow {
  id: string;
  occurred_at: string;
  actor_type: string;
  actor_id: string | null;
  actor_label: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
  ip: string | null;
}

function chainedFields(row: StoredRow, chainSeq: number, prevHash: string): ChainedFields {
  return {
    id: Number(row.id),
    occurredAt: row.occurred_at,
    actorType: row.actor_type,
    actorId: row.actor_id === null ? null : Number(row.actor_id),
    actorLabel: row.actor_label,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    before: row.before === null ? null : JSON.parse(row.before),
    after: row.after === null ? null : JSON.parse(row.after),
    ip: row.ip,
    chainSeq,
    prevHash,
  };
}

/** The last sealed event's place and hash, or the start of an empty chain. */
async function chainHead(db: Database): Promise<{ seq: number; hash: string }> {
  const [head] = rowsOf<{ seq: string; hash: string }>(
    await db.execute(
      sql`select chain_seq::text as seq, hash from audit_events where chain_seq is not null order by chain_seq desc limit 1`,
    ),
  );
  return head ? { seq: Number(head.seq), hash: head.hash } : { seq: 0, hash: AUDIT_CHAIN_GENESIS };
}

/** Seals up to SEAL_BATCH_ROWS events in one transaction; `undefined` when another sealer holds the lock. */
async function sealBatch(db: Database, wait: boolean, gapWaitSeconds: number): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    if (wait) {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEAL_LOCK_KEY})`);
    } else {
      const [lock] = rowsOf<{ locked: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${SEAL_LOCK_KEY}) as locked`),
      );
      if (!lock?.locked) return undefined;
    }
    // The unsealed events in id order, each with the id just below it (any event, sealed or not)
    // and its age, to tell a gap of an insert not yet committed from one that never will be.
    const candidates = rowsOf<StoredRow & { below: string | null; age_seconds: number | string }>(
      await tx.execute(sql`
        select ${STORED_FIELDS},
          (select max(b.id) from audit_events b where b.id < a.id)::text as below,
          extract(epoch from (now() - a.occurred_at))::float8 as age_seconds
        from audit_events a
        where a.chain_seq is null
        order by a.id
        limit ${SEAL_BATCH_ROWS}`),
    );
    let { seq, hash } = await chainHead(tx);
    const sealed: SQL[] = [];
    for (const row of candidates) {
      const id = Number(row.id);
      const follows = row.below === null ? id === 1 : Number(row.below) === id - 1;
      if (!follows && Number(row.age_seconds) < gapWaitSeconds) break;
      seq += 1;
      const fields = chainedFields(row, seq, hash);
      hash = auditEventHash(fields);
      sealed.push(sql`(${id}::bigint, ${seq}::bigint, ${fields.prevHash}::text, ${hash}::text)`);
    }
    if (sealed.length === 0) return 0;
    await tx.execute(sql`
      update audit_events as a
      set chain_seq = v.seq, prev_hash = v.prev_hash, hash = v.hash
      from (values ${sql.join(sealed, sql`, `)}) as v(id, seq, prev_hash, hash)
      where a.id = v.id`);
    return sealed.length;
  });
}

/**
 * Chains the committed events not sealed yet (the recurring job `audit-chain-seal`, and
 * `verifyAuditChain` first): in id order after the last sealed event, under an advisory lock (one
 * sealer at a time; a sealer that finds the lock taken returns at once unless `wait`), in
 * transactions of 1,000 events. It stops before a gap in the ids whose next event is younger than
 * `gapWaitSeconds` (an insert still in flight takes its place first); an event committed after
 * others passed its gap is chained when found, later in the chain. Nothing else is written: the
 * inserting transactions never wait for it.
 * @returns the number of events sealed (0 when another sealer was at work and `wait` is false)
 */
export async function sealAuditChain(
  db: Database,
  options: { wait?: boolean; gapWaitSeconds?: number; maxRows?: number } = {},
): Promise<number> {
  const gapWaitSeconds = options.gapWaitSeconds ?? SEAL_GAP_WAIT_SECONDS;
  const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
  let total = 0;
  while (total < maxRows) {
    const sealed = await sealBatch(db, options.wait ?? false, gapWaitSeconds);
    if (sealed === undefined) return total;
    total += sealed;
    if (sealed < SEAL_BATCH_ROWS) break;
  }
  return total;
}

/** What `verifyAuditChain` found. */
export type AuditChainReport =
  | {
      intact: true;
      /** Events in the chain. */
      events: number;
      /** The last event's place and hash (note them down: a later check can be anchored to them). */
      head: { seq: number; hash: string } | null;
      /** Events not sealed yet (written moments ago, behind an insert still in flight). */
      unsealed: number;
    }
  | {
      intact: false;
      /** The first broken link, in words: which event, and what is wrong. */
      problem: string;
      /** The event named (the later one of a broken link). */
      eventId: number | null;
    };

const VERIFY_PAGE_ROWS = 2000;

/** `event 1234 (claims.approved, 2026-11-26T10:11:12.123456Z)`. */
function nameEvent(row: StoredRow): string {
  return `event ${row.id} (${row.action}, ${row.occurred_at})`;
}

/**
 * Recomputes the chain from its first event (`npm run audit:verify`): every event's hash from its
 * stored fields, each link to the previous event and each place 1, 2, 3, ... with none missing.
 * `anchors` (place -> hash, as an earlier report's `head`) must still be found, which shows events
 * removed from the end. Reads in pages of 2,000 (constant memory). Seal pending events first
 * (`sealAuditChain(db, { wait: true })`) for a check of everything committed.
 * @returns the first broken link, or the count of events, the head and how many are unsealed
 */
export async function verifyAuditChain(
  db: Database,
  options: { anchors?: ReadonlyMap<number, string> } = {},
): Promise<AuditChainReport> {
  const [malformed] = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id::text as id from audit_events where chain_seq is null and (hash is not null or prev_hash is not null) order by audit_events.id limit 1`,
    ),
  );
  if (malformed) {
    return {
      intact: false,
      eventId: Number(malformed.id),
      problem: `event ${malformed.id} has a hash but no place in the chain: its chain columns were changed`,
    };
  }
  let previous: { row: StoredRow; seq: number; hash: string } | undefined;
  let events = 0;
  for (;;) {
    const page = rowsOf<StoredRow & { chain_seq: string; prev_hash: string; hash: string }>(
      await db.execute(sql`
        select ${STORED_FIELDS}, chain_seq::text as chain_seq, prev_hash, hash
        from audit_events
        where chain_seq is not null and chain_seq > ${previous?.seq ?? 0}
        order by audit_events.chain_seq
        limit ${VERIFY_PAGE_ROWS}`),
    );
    for (const row of page) {
      const seq = Number(row.chain_seq);
      const expectedSeq = (previous?.seq ?? 0) + 1;
      const expectedPrev = previous?.hash ?? AUDIT_CHAIN_GENESIS;
      if (seq !== expectedSeq || row.prev_hash !== expectedPrev) {
        const missing = seq - expectedSeq;
        const why =
          missing > 0
            ? `${missing} event${missing === 1 ? '' : 's'} removed`
            : 'the link to the previous event was changed';
        return {
          intact: false,
          eventId: Number(row.id),
          problem: previous
            ? `chain broken between ${nameEvent(previous.row)} and ${nameEvent(row)}: ${why}`
            : `chain broken before ${nameEvent(row)}, the first in the chain: ${why}`,
        };
      }
      if (auditEventHash(chainedFields(row, seq, row.prev_hash)) !== row.hash) {
        return {
          intact: false,
          eventId: Number(row.id),
          problem: `${nameEvent(row)} does not match its hash: changed after it was written`,
        };
      }
      const anchored = options.anchors?.get(seq);
      if (anchored !== undefined && anchored !== row.hash) {
        return {
          intact: false,
          eventId: Number(row.id),
          problem: `${nameEvent(row)} at place ${seq} is not the event noted there (its hash differs): the chain was rewritten`,
        };
      }
      previous = { row, seq, hash: row.hash };
      events += 1;
    }
    if (page.length < VERIFY_PAGE_ROWS) break;
  }
  const beyond = [...(options.anchors?.keys() ?? [])].filter((seq) => seq > events).sort((a, b) => a - b)[0];
  if (beyond !== undefined) {
    return {
      intact: false,
      eventId: null,
      problem: `the chain ends at place ${events} but place ${beyond} was noted before: events were removed from its end`,
    };
  }
  const [pending] = rowsOf<{ count: string | number }>(
    await db.execute(sql`select count(*) as count from audit_events where chain_seq is null`),
  );
  return {
    intact: true,
    events,
    head: previous ? { seq: previous.seq, hash: previous.hash } : null,
    unsealed: Number(pending?.count ?? 0),
  };
}
