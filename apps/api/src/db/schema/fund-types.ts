import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.js';

/**
 * Kinds of retirement fund (spec 7 `fund_types`). Reference data: synced from `@bcp/contract`
 * FUND_TYPES at start; types dropped from the list are deactivated, not deleted.
 */
export const fundTypes = pgTable(
  'fund_types',
  {
    id: idColumn(),
    /** e.g. `pension`, `provident`. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [uniqueIndex('fund_types_code_unique').on(table.code)],
);
