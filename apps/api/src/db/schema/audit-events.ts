import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn } from './columns.js';

/**
 * The append-only audit trail (issue 6): who did what to which entity, the changed fields before
 * and after (secrets redacted), from which IP, when (UTC). A database trigger refuses DELETE,
 * TRUNCATE and every UPDATE but the sealer's one filling of the chain columns (migrations 0003 and
 * 0023; decision 039).
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
    /**
     * The tamper-evident chain (issue 36 item 5): this row's place in the chain (1, 2, ...), the
     * previous row's hash and this row's hash (hex SHA-256 over `prev_hash` and the row's fields);
     * null until the row is sealed into the chain.
     */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (table) => [
    index('audit_events_entity_idx').on(table.entityType, table.entityId, table.id),
    // With the id: one actor's events newest first straight from the index (the office log's actor filter).
    index('audit_events_actor_idx').on(table.actorType, table.actorId, table.id),
    // The office-wide log's filters (issue 36 item 5) and the chain's order.
    index('audit_events_action_idx').on(table.action, table.id),
    index('audit_events_occurred_at_idx').on(table.occurredAt),
    uniqueIndex('audit_events_chain_seq_unique').on(table.chainSeq),
    // The rows the sealer has still to chain (a handful at a time; decision 039).
    index('audit_events_unsealed_idx').on(table.id).where(sql`${table.chainSeq} is null`),
  ],
);
