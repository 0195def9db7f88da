import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditEvents } from '../../db/schema/audit-events.js';

/*
 * What the audit trail says of member accounts, for the claims' risk signals (issue 36 item 3,
 * decision 040): contact changes, sign-ups and device registrations. Platform owns the trail
 * (issue 35 item 1): domains read it through these functions.
 */

const DAY_MS = 86_400_000;

/**
 * The audited `action` on the entity `entityType`/`entityId` at or after `since`, oldest first:
 * when (UTC) and the changed fields after (secrets redacted; null when none were recorded).
 */
export async function entityEventsSince(
  db: Database,
  entity: { entityType: string; entityId: string | number; action: string },
  since: Date,
): Promise<{ occurredAt: Date; after: Record<string, unknown> | null }[]> {
  return db
    .select({ occurredAt: auditEvents.occurredAt, after: auditEvents.after })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, entity.entityType),
        eq(auditEvents.entityId, String(entity.entityId)),
        eq(auditEvents.action, entity.action),
        gte(auditEvents.occurredAt, since),
      ),
    )
    .orderBy(asc(auditEvents.id));
}

/**
 * The member user `personUserId`'s own audited events among `actions`, oldest first, at most
 * `limit`: the action, the internet address (null when unknown), the entity id (a device's, for a
 * device registration) and when.
 */
export async function memberEvents(
  db: Database,
  personUserId: number,
  actions: readonly string[],
  limit: number,
): Promise<{ action: string; ip: string | null; device: string | null; at: Date }[]> {
  return db
    .select({
      action: auditEvents.action,
      ip: auditEvents.ip,
      device: auditEvents.entityId,
      at: auditEvents.occurredAt,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.actorType, 'member'),
        eq(auditEvents.actorId, personUserId),
        inArray(auditEvents.action, [...actions]),
      ),
    )
    .orderBy(asc(auditEvents.id))
    .limit(limit);
}

/**
 * The other member users (not `personUserId`) whose audited `action` came from the same origin
 * within 24 hours either side of `at`: the same internet address `ip`, or the same device `device`
 * (an entity of type `devices`). Distinct ids, in no order.
 */
export async function otherMembersAround(
  db: Database,
  origin: { action: string; at: Date; ip?: string; device?: string },
  personUserId: number,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ actorId: auditEvents.actorId })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, origin.action),
        eq(auditEvents.actorType, 'member'),
        gte(auditEvents.occurredAt, new Date(origin.at.getTime() - DAY_MS)),
        lte(auditEvents.occurredAt, new Date(origin.at.getTime() + DAY_MS)),
        origin.ip !== undefined ? eq(auditEvents.ip, origin.ip) : undefined,
        origin.device !== undefined
          ? and(eq(auditEvents.entityType, 'devices'), eq(auditEvents.entityId, origin.device))
          : undefined,
        ne(auditEvents.actorId, personUserId),
      ),
    );
  return rows.map((row) => row.actorId).filter((id): id is number => id !== null);
}
