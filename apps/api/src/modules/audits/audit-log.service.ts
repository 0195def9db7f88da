import type {
  AuditEventResponse,
  AuditLogExportQuery,
  AuditLogFiltersResponse,
  AuditLogQuery,
  AuditLogResponse,
  ListQuery,
  ListResponse,
} from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import {
  type AuditEventFilter,
  countAuditEvents,
  distinctAuditValues,
  findAuditEvents,
} from '../../platform/audit/audit-log.js';
import {
  countRows,
  type ExportColumn,
  keysetRows,
  streamTable,
  type TableExport,
} from '../../platform/exports/table-export.js';
import { cursorPage, decodeCursor } from '../../platform/lists/cursor.js';
import { listPage } from '../../platform/lists/list-page.js';
import { listStaffUserNames } from '../users/index.js';
import { actionLabel, capitalise, recordNoun } from './audit-words.js';
import { type AuditRow, describeAuditEvents } from './describe-audit-events.js';

/** Midnight UTC of `YYYY-MM-DD`, plus `days`. */
function dayStart(day: string, days = 0): Date {
  const start = new Date(`${day}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + days);
  return start;
}

/** The log's filters as the trail's filter (days as UTC instants): the list and its export. */
function logFilter(filter: AuditLogQuery['filter']): AuditEventFilter {
  return {
    actorType: filter?.actorType,
    actorId: filter?.actorId,
    action: filter?.action,
    entityType: filter?.entityType,
    entityId: filter?.entityId,
    occurredFrom: filter?.occurredFrom ? dayStart(filter.occurredFrom) : undefined,
    occurredBefore: filter?.occurredTo ? dayStart(filter.occurredTo, 1) : undefined,
  };
}

/**
 * `GET /api/v1/audits` (issue 36 item 5): every audit event of the office in words, newest first
 * (`sort=id:asc` oldest first), filtered by actor, action, record and days (UTC), paged by cursor
 * (decision 016: the trail grows to millions of events, so no totals).
 * @throws AppError `validation` (422, `cursor`)
 */
export async function listAuditLog(db: Database, query: AuditLogQuery): Promise<AuditLogResponse> {
  const direction = query.sort[0]?.direction ?? 'desc';
  const rows = await findAuditEvents(db, logFilter(query.filter), {
    direction,
    afterId: decodeCursor(query.cursor),
    limit: query.pageSize + 1,
  });
  const page = cursorPage(rows, query.pageSize, (row) => row);
  return { ...page, items: await describeAuditEvents(db, page.items) };
}

/**
 * An entity's audit trail in words, newest first, in the list envelope (`GET .../{id}/audits`).
 * `filter.action` narrows to one action.
 */
export async function listAuditTrail(
  db: Database,
  entity: { entityType: string; entityId: string | number },
  query: ListQuery<'id', { action?: string | undefined }>,
): Promise<ListResponse<AuditEventResponse>> {
  const filter: AuditEventFilter = {
    entityType: entity.entityType,
    entityId: String(entity.entityId),
    action: query.filter?.action,
  };
  const newestFirst = query.sort[0]?.direction !== 'asc';
  return listPage(query, {
    rows: async (window) =>
      describeAuditEvents(
        db,
        await findAuditEvents(db, filter, {
          direction: newestFirst ? 'desc' : 'asc',
          limit: window.limit,
          offset: window.offset,
        }),
      ),
    count: async () => countAuditEvents(db, filter),
    countKey: { scope: db, key: `audits:${entity.entityType}:${entity.entityId}:${query.filter?.action ?? ''}` },
    toItem: (item) => item,
  });
}

/**
 * `GET /api/v1/audits/filters`: the choices of the log's filters in words: the actions and record
 * types found in the log, and the staff users by name (deleted ones too).
 */
export async function auditLogFilters(db: Database): Promise<AuditLogFiltersResponse> {
  const [actions, entityTypes, staff] = await Promise.all([
    distinctAuditValues(db, 'action'),
    distinctAuditValues(db, 'entity_type'),
    listStaffUserNames(db),
  ]);
  return {
    actions: actions.map((value) => ({ value, label: actionLabel(value) })),
    entityTypes: entityTypes.map((value) => ({ value, label: capitalise(recordNoun(value)) })),
    staff: staff.map((user) => ({ value: String(user.id), label: `${user.name} (${user.email})` })),
  };
}

const EXPORT_COLUMNS: ExportColumn<AuditEventResponse>[] = [
  { header: 'event_id', value: (event) => event.id, width: 10 },
  { header: 'occurred_at_utc', value: (event) => event.occurredAt, width: 26 },
  { header: 'event', value: (event) => event.summary, width: 60 },
  { header: 'actor', value: (event) => event.actor.name, width: 28 },
  { header: 'actor_type', value: (event) => event.actor.type, width: 10 },
  { header: 'actor_id', value: (event) => event.actor.id },
  { header: 'action', value: (event) => event.action, width: 28 },
  { header: 'record_type', value: (event) => event.entityType },
  { header: 'record_id', value: (event) => event.entityId },
  {
    header: 'changes',
    value: (event) =>
      event.changes.map((change) => `${change.label}: ${change.before ?? '—'} → ${change.after ?? '—'}`).join('; '),
    width: 60,
  },
  { header: 'ip', value: (event) => event.ip },
  { header: 'chain_seq', value: (event) => event.chainSeq },
];

/**
 * `GET /api/v1/audits/export`: every event the log's filters find, in the log's order, in words,
 * as CSV or XLSX (`streamTable`: every cell made inert for spreadsheets), streamed in keyset pages
 * of 500. Audited when the last row is read (`audits.exported`: filters, format, row count).
 */
export function exportAuditLog(db: Database, query: AuditLogExportQuery, context: AuditContext): TableExport {
  const newestFirst = (query.sort[0]?.direction ?? 'desc') === 'desc';
  const filter = logFilter(query.filter);
  const rows = keysetRows<AuditEventResponse>(async (after, batchSize) => {
    const page: AuditRow[] = await findAuditEvents(db, filter, {
      direction: newestFirst ? 'desc' : 'asc',
      afterId: after,
      limit: batchSize,
    });
    return describeAuditEvents(db, page);
  });
  const audited = countRows(rows, (rowCount) =>
    recordAudit(db, {
      ...context,
      action: 'audits.exported',
      entityType: 'audits',
      after: { filter: query.filter ?? {}, format: query.format, rowCount },
    }),
  );
  return streamTable(query.format, 'Audit log', EXPORT_COLUMNS, audited);
}
