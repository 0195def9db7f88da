import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.js';
import { fundTypes } from './fund-types.js';
import { partners } from './partners.js';

/** A retirement fund whose unclaimed benefits members can claim (issue 8 "Funds"). */
export const funds = pgTable(
  'funds',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Registration number with the Financial Sector Conduct Authority, e.g. `12/8/12345`. */
    registrationNumber: text('registration_number').notNull(),
    fundTypeId: bigint('fund_type_id', { mode: 'number' }).references(() => fundTypes.id),
    /** The partner (kind `fund-administrator`) answering its claims through the partner API. */
    administratorPartnerId: bigint('administrator_partner_id', { mode: 'number' }).references(() => partners.id),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    /** E.164. */
    contactPhone: text('contact_phone'),
    /** Free labels for filtering (`funds/get/tags`). */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** `active` | `archived` */
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    /**
     * How many benefits the fund holds, kept by statement triggers on benefits (migration 0014), so
     * that the funds list never counts millions of benefits (issue 25).
     */
    benefitCount: bigint('benefit_count', { mode: 'number' }).notNull().default(0),
    /**
     * Fast track (issue 21 item 2, decision 034): a submitted claim whose benefit is at or under this
     * gross amount (cents), with every check passed, is approved by the rule. Null: no fast track.
     */
    fastTrackThresholdCents: bigint('fast_track_threshold_cents', { mode: 'number' }),
    /** The promise members read for a fast-tracked claim: "usually paid within N days". */
    fastTrackDays: integer('fast_track_days'),
    /**
     * Four-eyes (issue 36 item 2): approving a claim whose net payout is over this amount (cents)
     * needs two different staff users. Null: one approval suffices. The fast-track amount must be
     * at or under it.
     */
    secondApprovalThresholdCents: bigint('second_approval_threshold_cents', { mode: 'number' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('funds_registration_number_unique').on(table.registrationNumber),
    index('funds_tags_idx').using('gin', table.tags),
    index('funds_administrator_idx').on(table.administratorPartnerId),
    index('funds_fund_type_idx').on(table.fundTypeId),
  ],
);
