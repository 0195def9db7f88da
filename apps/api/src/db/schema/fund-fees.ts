import { bigint, boolean, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.js';
import { funds } from './funds.js';

/**
 * A fee a fund deducts from a benefit before payout: a percentage of the gross amount (basis
 * points) or a fixed amount (cents); VAT at the contract's VAT rate is added to the fee when
 * `vatApplies` (on top, or included in the amount when `vatInclusive`). In effect from `effectiveFrom`
 * to `effectiveTo` (South African dates, inclusive; null: open-ended). Managed by the back office
 * (`funds/{id}/fees`, issue 8); the payout is `calculatePayout` in `@bcp/contract`.
 */
export const fundFees = pgTable(
  'fund_fees',
  {
    id: idColumn(),
    fundId: bigint('fund_id', { mode: 'number' })
      .notNull()
      .references(() => funds.id),
    name: text('name').notNull(),
    /** `percentage` | `fixed` */
    kind: text('kind', { enum: ['percentage', 'fixed'] }).notNull(),
    /** For `percentage`: basis points of the gross amount (250 = 2.5%). */
    basisPoints: integer('basis_points'),
    /** For `fixed`: cents. */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** VAT (15%) is charged on this fee. */
    vatApplies: boolean('vat_applies').notNull().default(true),
    /** With `vatApplies`: the rate or amount includes the VAT (else VAT is added on top). */
    vatInclusive: boolean('vat_inclusive').notNull().default(false),
    /** First day it applies (`YYYY-MM-DD`); null: always has. */
    effectiveFrom: date('effective_from', { mode: 'string' }),
    /** Last day it applies, inclusive; null: no end. */
    effectiveTo: date('effective_to', { mode: 'string' }),
    ...timestamps(),
  },
  (table) => [index('fund_fees_fund_idx').on(table.fundId)],
);
