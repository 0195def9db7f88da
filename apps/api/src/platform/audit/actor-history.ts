import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditEvents } from '../../db/schema/audit-events.js';

/** An audited record: its entity type and id, as `recordAudit` keeps them. */
export interface AuditedEntity {
  entityType: string;
  entityId: string | number;
}

/**
 * The actions among `actions` that the staff user `userId` is recorded doing on any of `entities`
 * (the audit trail; e.g. whether a would-be second approver viewed the member's identity images,
 * issue 36 item 2). Served by the audit trail's entity index.
 * @returns the distinct actions found, in no order; empty when none
 */
export async function staffActionsOn(
  db: Database,
  userId: number,
  entities: readonly AuditedEntity[],
  actions: readonly string[],
): Promise<string[]> {
  if (entities.length === 0 || actions.length === 0) return [];
  const rows = await db
    .selectDistinct({ action: auditEvents.action })
    .from(auditEvents)
    .where(
      and(
        or(
          ...entities.map((entity) =>
            and(eq(auditEvents.entityType, entity.entityType), eq(auditEvents.entityId, String(entity.entityId))),
          ),
        ),
        eq(auditEvents.actorType, 'staff'),
        eq(auditEvents.actorId, userId),
        inArray(auditEvents.action, [...actions]),
      ),
    );
  return rows.map((row) => row.action);
}
