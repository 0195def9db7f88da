import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn } from './columns.js';
import { personUsers } from './person-users.js';

/**
 * A device that receives push (spec section 3 "Device registration payload"): an FCM registration
 * token (APP) or a web push subscription as JSON (WEB). A token belongs to one person user: when
 * another member registers it (a shared phone), it moves to them.
 */
export const devices = pgTable(
  'devices',
  {
    id: idColumn(),
    personUserId: bigint('person_user_id', { mode: 'number' })
      .notNull()
      .references(() => personUsers.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['APP', 'WEB'] }).notNull(),
    token: text('token').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Last registration of the token (the app registers again after 7 days). */
    refreshedAt: at('refreshed_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('devices_token_unique').on(table.token),
    index('devices_person_user_idx').on(table.personUserId),
  ],
);
