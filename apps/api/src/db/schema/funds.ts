import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.js';

/** A retirement fund whose unclaimed benefits members can claim. */
export const funds = pgTable(
  'funds',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Registration number with the Financial Sector Conduct Authority, e.g. `12/8/12345`. */
    registrationNumber: text('registration_number').notNull(),
    /** `active` | `archived` */
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('funds_registration_number_unique').on(table.registrationNumber)],
);
