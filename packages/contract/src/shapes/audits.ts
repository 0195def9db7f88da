import { z } from 'zod';
import { EXPORT_FORMATS } from './admin-benefits.js';
import { cursorListResponse, listQuery, listResponse, zCursor, zQueryId } from './lists.js';

/** Who can act (issue 6): a staff user, a member, a partner through the partner API, or the system (jobs). */
export const AUDIT_ACTOR_TYPES = ['staff', 'member', 'partner', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** One changed field of an event, in words (issue 36 item 5): its label and its values as people read them. */
export const AuditChangeResponse = z
  .object({
    /** The field as stored, e.g. `fastTrackThresholdCents`. */
    field: z.string(),
    /** Its label, e.g. `Fast-track amount`. */
    label: z.string(),
    /** The value before and after, formatted (money as rand, yes/no, lists joined); null: none. */
    before: z.string().nullable(),
    after: z.string().nullable(),
  })
  .meta({ id: 'AuditChangeResponse' });
export type AuditChangeResponse = z.infer<typeof AuditChangeResponse>;

/** One row of the audit trail (`GET .../{id}/audits`, `GET audits`), newest first. */
export const AuditEventResponse = z
  .object({
    id: z.number().int(),
    /** ISO 8601, UTC. */
    occurredAt: z.string(),
    actor: z.object({
      /** `staff` | `member` | `partner` | `system` */
      type: z.string(),
      id: z.number().int().nullable(),
      /** e.g. the staff user's email at the time. */
      label: z.string().nullable(),
      /** The actor by name: the staff user's, member's or partner's name now, else what was kept of them. */
      name: z.string(),
    }),
    /** `<entity>.<verb>`, e.g. `users.updated`, `staff.sign_in_failed`. */
    action: z.string(),
    entityType: z.string(),
    entityId: z.string().nullable(),
    /** The event in words: "Thandi Mokoena approved claim 1042 (R 12 480,50)". */
    summary: z.string(),
    /** The changed fields with their labels, before and after, formatted. */
    changes: z.array(AuditChangeResponse),
    /** The changed fields before and after as stored; secrets never appear. */
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    ip: z.string().nullable(),
    /** Its place in the tamper-evident chain (decision 039); null until sealed, within about a minute. */
    chainSeq: z.number().int().nullable(),
  })
  .meta({ id: 'AuditEventResponse' });
export type AuditEventResponse = z.infer<typeof AuditEventResponse>;

export const AuditListQuery = listQuery({
  sort: ['id'],
  defaultSort: [{ field: 'id', direction: 'desc' }],
  filter: { action: z.string().max(80).optional() },
});
export const AuditListResponse = listResponse(AuditEventResponse).meta({ id: 'AuditListResponse' });

const zDate = () => z.iso.date().describe('YYYY-MM-DD');
/** An action or record type as stored: letters, digits, `.`, `_`, `-`. */
const zCode = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[a-z0-9._-]+$/, 'Use the code as listed, e.g. claims.approved.');

/**
 * `GET /api/v1/audits` (issue 36 item 5): every audit event of the office, newest first, paged by
 * cursor (decision 016). Filters: the actor (`actorType`, with `actorId` for one of them), the
 * action, the record (`entityType`, with `entityId` for one record), the day range (UTC, both
 * days included).
 */
export const AuditLogQuery = listQuery({
  sort: ['id'],
  defaultSort: [{ field: 'id', direction: 'desc' }],
  filter: {
    actorType: z.enum(AUDIT_ACTOR_TYPES).optional(),
    actorId: zQueryId().optional(),
    action: zCode(80).optional(),
    entityType: zCode(40).optional(),
    entityId: z.string().max(40).optional(),
    occurredFrom: zDate().optional(),
    occurredTo: zDate().optional(),
  },
}).extend({ cursor: zCursor() });
export type AuditLogQuery = z.output<typeof AuditLogQuery>;
export const AuditLogResponse = cursorListResponse(AuditEventResponse).meta({ id: 'AuditLogResponse' });
export type AuditLogResponse = z.infer<typeof AuditLogResponse>;

/** `GET /api/v1/audits/export`: the log's filters, every event (no pages), as CSV or XLSX; the export is itself audited. */
export const AuditLogExportQuery = AuditLogQuery.omit({ cursor: true, page: true, pageSize: true }).extend({
  format: z.enum(EXPORT_FORMATS).default('csv'),
});
export type AuditLogExportQuery = z.output<typeof AuditLogExportQuery>;

/** A choice of a filter: the value sent and its label. */
const FilterOption = z.object({ value: z.string(), label: z.string() });

/** `GET /api/v1/audits/filters`: the choices of the log's filters, in words. */
export const AuditLogFiltersResponse = z
  .object({
    /** The actions found in the log, e.g. `{ value: 'claims.approved', label: 'Claim approved' }`. */
    actions: z.array(FilterOption),
    /** The record types found in the log, e.g. `{ value: 'claims', label: 'Claim' }`. */
    entityTypes: z.array(FilterOption),
    /** Staff users (deleted ones too), by name: `value` is the user's id. */
    staff: z.array(FilterOption),
  })
  .meta({ id: 'AuditLogFiltersResponse' });
export type AuditLogFiltersResponse = z.infer<typeof AuditLogFiltersResponse>;
