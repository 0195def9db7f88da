import { bigint, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn, timestamps } from './columns.js';
import { users } from './users.js';

/**
 * A tracing partner or fund administrator (spec 7 `partners*`, issue 8). Deleted partners are
 * soft-deleted (`deletedAt`) so audit trails and claim events keep pointing at them.
 */
export const partners = pgTable(
  'partners',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** `tracing-partner` | `fund-administrator` (contract PARTNER_KINDS). */
    kind: text('kind', { enum: ['tracing-partner', 'fund-administrator'] }).notNull(),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    /** E.164. */
    contactPhone: text('contact_phone'),
    /** Inactive partners' API keys are refused. */
    active: boolean('active').notNull().default(true),
    deletedAt: at('deleted_at'),
    ...timestamps(),
  },
  (table) => [index('partners_name_idx').on(table.name)],
);

/**
 * A partner's key for the partner API (`/api/v2`). Only the SHA-256 (hex) of the key is stored; the
 * key itself is shown once when created. `prefix` (the key's first characters) tells keys apart.
 */
export const partnerApiKeys = pgTable(
  'partner_api_keys',
  {
    id: idColumn(),
    partnerId: bigint('partner_id', { mode: 'number' })
      .notNull()
      .references(() => partners.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdById: bigint('created_by_id', { mode: 'number' }).references(() => users.id),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    revokedById: bigint('revoked_by_id', { mode: 'number' }).references(() => users.id),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('partner_api_keys_hash_unique').on(table.keyHash),
    index('partner_api_keys_partner_idx').on(table.partnerId),
    index('partner_api_keys_created_by_idx').on(table.createdById),
    index('partner_api_keys_revoked_by_idx').on(table.revokedById),
  ],
);
