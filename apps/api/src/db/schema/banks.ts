import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.js';

/**
 * South African banks members can be paid into, each with its universal branch code. Reference
 * data: synced from the list in `@bcp/contract` (SOUTH_AFRICAN_BANKS) at start.
 */
export const banks = pgTable(
  'banks',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** 6 digits, e.g. `632005` (Absa). */
    universalBranchCode: text('universal_branch_code').notNull(),
    /** Offered to members when choosing a bank. */
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [uniqueIndex('banks_name_unique').on(table.name)],
);
