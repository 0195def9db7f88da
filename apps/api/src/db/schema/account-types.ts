import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.js';

/**
 * Bank account types (spec 7 `account_types*`): a code clients send and a label people read. The
 * member app's codes (contract BANK_ACCOUNT_TYPES) are seeded at start and cannot be deleted.
 */
export const accountTypes = pgTable(
  'account_types',
  {
    id: idColumn(),
    /** e.g. `CHEQUE`; never changes. */
    code: text('code').notNull(),
    label: text('label').notNull(),
    /** Offered when a bank account is added. */
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [uniqueIndex('account_types_code_unique').on(table.code)],
);
