import { bigint, index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { funds } from './funds.js';
import { partners } from './partners.js';

/** The funds a partner serves: its API keys reach these funds only. */
export const partnerFunds = pgTable(
  'partner_funds',
  {
    partnerId: bigint('partner_id', { mode: 'number' })
      .notNull()
      .references(() => partners.id),
    fundId: bigint('fund_id', { mode: 'number' })
      .notNull()
      .references(() => funds.id),
  },
  (table) => [
    primaryKey({ columns: [table.partnerId, table.fundId] }),
    index('partner_funds_fund_idx').on(table.fundId),
  ],
);
