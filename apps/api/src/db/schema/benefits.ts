import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn, timestamps } from './columns.js';
import { fileUploads } from './file-uploads.js';
import { funds } from './funds.js';
import { persons } from './persons.js';

/** A benefit a fund holds for a person that was never paid out. */
export const benefits = pgTable(
  'benefits',
  {
    id: idColumn(),
    fundId: bigint('fund_id', { mode: 'number' })
      .notNull()
      .references(() => funds.id),
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => persons.id),
    /** The member's number at the fund. */
    memberNumber: text('member_number').notNull(),
    /** e.g. `withdrawal`, `retirement`, `death`, `surplus` */
    benefitType: text('benefit_type').notNull(),
    /** Gross amount owed, in cents (ZAR). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** `unclaimed` until a claim is paid. */
    status: text('status', { enum: ['unclaimed', 'claimed', 'paid'] })
      .notNull()
      .default('unclaimed'),
    fileUploadId: bigint('file_upload_id', { mode: 'number' }).references(() => fileUploads.id),
    /**
     * Set when the member was found deceased (issue 17): the benefit goes to the fund's dependants'
     * process (Pension Funds Act s37C) and cannot be claimed by a member sign-up.
     */
    dependantsProcessAt: at('dependants_process_at'),
    ...timestamps(),
  },
  (table) => [
    index('benefits_person_id_idx').on(table.personId),
    // Staff lists page by id (newest first) within a status or a fund (issue 9).
    index('benefits_status_id_idx').on(table.status, table.id),
    index('benefits_fund_id_id_idx').on(table.fundId, table.id),
    index('benefits_file_upload_idx').on(table.fileUploadId),
    // Staff search by member number alone (issue 25: the unique index below starts with the fund).
    index('benefits_member_number_idx').on(table.memberNumber),
    // The claims queue sorted by gross amount (issue 38 item 3).
    index('benefits_amount_id_idx').on(table.amountCents, table.id),
    // A fund's persons without reading the benefits (enrichment records of a fund, issue 25).
    index('benefits_fund_person_idx').on(table.fundId, table.personId),
    // A fund's benefits of one status, by id (issue 25).
    index('benefits_fund_status_id_idx').on(table.fundId, table.status, table.id),
    uniqueIndex('benefits_fund_member_type_unique').on(table.fundId, table.memberNumber, table.benefitType),
  ],
);
