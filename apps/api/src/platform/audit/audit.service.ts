import type { Database } from '../../db/client.js';
import { auditEvents } from '../../db/schema/audit-events.js';
import { redactFields } from './redact.js';

/**
 * Who did it. `staff`: users.id (label: their email); `member`: person_users.id; `partner`: the
 * partner's id; `system`: a job or event (no id). `id` is null when unknown (a failed sign-in with
 * an unknown email keeps the email typed as `label`).
 */
export interface AuditActor {
  type: 'staff' | 'member' | 'partner' | 'system';
  id?: number | null;
  label?: string | null;
}

/** Who and from where, as routes pass it to services (`auditContext(request)` for staff routes). */
export interface AuditContext {
  actor: AuditActor;
  /** Client IP; null for jobs. */
  ip?: string | null;
}

/** One audited action. */
export interface AuditRecord extends AuditContext {
  /** `<entityType>.<verb>`: `funds.created`, `funds.updated`, `funds.deleted`, `persons.viewed`, ... */
  action: string;
  /** Plural table-like name: `users`, `roles`, `funds`, `partners`, `faqs`, `templates`, `fees`, `claims`, ... */
  entityType: string;
  entityId?: string | number | null;
  /** The entity's fields before the change (omit for a create or a view). */
  before?: Record<string, unknown> | null;
  /** The entity's fields after the change (omit for a delete or a view). */
  after?: Record<string, unknown> | null;
}

/** The fields of `before` and `after` whose values differ (compared as JSON); both whole when either is missing. */
function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) return { before: before ?? null, after: after ?? null };
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed = [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

/**
 * Appends one row to the audit trail (issue 6 "Audit trail"): the platform service every domain
 * calls for each create, update and delete it makes, each staff sign-in (success and failure) and
 * each staff view of a member's personal data. Pass the whole before/after projection: only the
 * fields that changed are kept, secrets are redacted (`redactFields`: passwords, tokens, OTPs,
 * hashes become `******`; account numbers keep their last 4 digits; ID numbers are masked). The
 * time is the database's UTC now. Call it inside the same transaction as the change (`db` may be a
 * transaction) so a change is never stored without its row.
 *
 * ```ts
 * await recordAudit(tx, { ...context, action: 'funds.updated', entityType: 'funds', entityId: fund.id,
 *   before: toFundResponse(old), after: toFundResponse(updated) });
 * ```
 * Rows are never updated or deleted (a database trigger refuses it); the sealer chains them by hash
 * within about a minute (`audit-chain.ts`, decision 039).
 */
export async function recordAudit(db: Database, record: AuditRecord): Promise<void> {
  const changed = changedFields(record.before, record.after);
  await db.insert(auditEvents).values({
    actorType: record.actor.type,
    actorId: record.actor.id ?? null,
    actorLabel: record.actor.label ?? null,
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId === undefined || record.entityId === null ? null : String(record.entityId),
    before: changed.before ? redactFields(changed.before) : null,
    after: changed.after ? redactFields(changed.after) : null,
    ip: record.ip ?? null,
  });
}
