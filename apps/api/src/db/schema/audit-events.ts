import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, idColumn } from './columns.js';

/**
 * The append-only audit trail (issue 6): who did what to which entity, the changed fields before
 * and after (secrets redacted), from which IP, when (UTC). A database trigger refuses UPDATE and
 * DELETE of its rows (migration 0002).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: idColumn(),
    occurredAt: at('occurred_at').notNull().defaultNow(),
    /** `staff` | `member` | `partner` | `system` */
    actorType: text('actor_type', { enum: ['staff', 'member', 'partner', 'system'] }).notNull(),
    /** users.id, person_users.id or a partner id; null for the system or an unknown caller. */
    actorId: bigint('actor_id', { mode: 'number' }),
    /** A readable name of the actor at the time (a staff user's email). */
    actorLabel: text('actor_label'),
    /** `<entity>.<verb>`, e.g. `users.updated`. */
    action: text('action').notNull(),
    /** Plural table-like name, e.g. `users`, `funds`, `claims`. */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (table) => [
    index('audit_events_entity_idx').on(table.entityType, table.entityId, table.id),
    index('audit_events_actor_idx').on(table.actorType, table.actorId),
  ],
);
