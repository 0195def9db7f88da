import { and, asc, desc, eq, gt, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/result-rows.js';
import { auditEvents } from '../../db/schema/audit-events.js';

/*
 * Reading the audit trail (platform's `audit_events`, issue 36 item 5): the office's log, each
 * record's trail and the log's export read the events through these functions and never import
 * the table themselves (issue 35 item 1). Writing is `recordAudit`'s (audit.service.ts).
 */

/** An audit event as stored: ids are numbers, `entityId` text, `occurredAt` a UTC instant, `before`/`after` redacted JSON. */
export type AuditEventRow = typeof auditEvents.$inferSelect;

/** Which events to read; every given field narrows (an empty filter reads every event). */
export interface AuditEventFilter {
  actorType?: AuditEventRow['actorType'] | undefined;
  /** The actor's id (users.id, person_users.id or a partner id); applied whenever given. */
  actorId?: number | undefined;
  /** `<entity>.<verb>`, e.g. `users.updated`; applied when non-empty. */
  action?: string | undefined;
  /** Plural table-like name, e.g. `funds`; applied when non-empty. */
  entityType?: string | undefined;
  /** The record's id as text; applied when non-empty. */
  entityId?: string | undefined;
  /** Events at or after this instant. */
  occurredFrom?: Date | undefined;
  /** Events before this instant (exclusive). */
  occurredBefore?: Date | undefined;
}

/** Where and how far to read: ordered by id, after the id `afterId` in that order, then `offset` rows skipped, at most `limit`. */
export interface AuditEventWindow {
  direction: 'asc' | 'desc';
  /** Only events after this id in `direction` (keyset paging); omit for the first page. */
  afterId?: number | undefined;
  limit: number;
  offset?: number | undefined;
}

function filterCondition(filter: AuditEventFilter): SQL | undefined {
  return and(
    filter.actorType ? eq(auditEvents.actorType, filter.actorType) : undefined,
    filter.actorId !== undefined ? eq(auditEvents.actorId, filter.actorId) : undefined,
    filter.action ? eq(auditEvents.action, filter.action) : undefined,
    filter.entityType ? eq(auditEvents.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditEvents.entityId, filter.entityId) : undefined,
    filter.occurredFrom ? gte(auditEvents.occurredAt, filter.occurredFrom) : undefined,
    filter.occurredBefore ? lt(auditEvents.occurredAt, filter.occurredBefore) : undefined,
  );
}

/**
 * The events `filter` finds, in id order (`window.direction`), from after `window.afterId`, at
 * most `window.limit` (after skipping `window.offset`). Served by the table's indexes on
 * (entity_type, entity_id, id), (actor_type, actor_id, id) and (action, id).
 */
export async function findAuditEvents(
  db: Database,
  filter: AuditEventFilter,
  window: AuditEventWindow,
): Promise<AuditEventRow[]> {
  const after =
    window.afterId === undefined
      ? undefined
      : window.direction === 'desc'
        ? lt(auditEvents.id, window.afterId)
        : gt(auditEvents.id, window.afterId);
  const query = db
    .select()
    .from(auditEvents)
    .where(and(filterCondition(filter), after))
    .orderBy(window.direction === 'desc' ? desc(auditEvents.id) : asc(auditEvents.id))
    .limit(window.limit);
  return window.offset === undefined ? query : query.offset(window.offset);
}

/** How many events `filter` finds (exact; use it for one record's trail, not the whole log). */
export async function countAuditEvents(db: Database, filter: AuditEventFilter): Promise<number> {
  return db.$count(auditEvents, filterCondition(filter));
}

/**
 * The distinct values of `action` or `entity_type` found in the trail, one index probe each (a
 * loose index scan: fast over millions of events that share a hundred values), in ascending order.
 */
export async function distinctAuditValues(db: Database, column: 'action' | 'entity_type'): Promise<string[]> {
  const name = sql.raw(column);
  const rows = rowsOf<{ value: string | null }>(
    await db.execute(sql`
      with recursive found(value) as (
        select min(${name}) from audit_events
        union all
        select (select min(${name}) from audit_events where ${name} > found.value) from found where found.value is not null
      )
      select value from found where value is not null`),
  );
  return rows.map((row) => row.value as string);
}
