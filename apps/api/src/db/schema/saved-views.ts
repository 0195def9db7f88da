import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.js';
import { users } from './users.js';

/**
 * Saved views (issue 38 item 3): a staff user's named filters of a list screen, kept as the
 * screen's URL query string. Each row is its user's alone; deleted with the user.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The list screen (`SAVED_VIEW_SCREENS`: `claims`). */
    screen: text('screen').notNull(),
    /** At most `SAVED_VIEW_LIMITS.nameLength` characters; unique per user and screen. */
    name: text('name').notNull(),
    /** The screen's query string without `?`, at most `SAVED_VIEW_LIMITS.queryLength` characters. */
    query: text('query').notNull(),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('saved_views_user_screen_name_unique').on(table.userId, table.screen, table.name),
    index('saved_views_user_screen_idx').on(table.userId, table.screen),
  ],
);
