import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn } from './columns.js';
import { personUsers } from './person-users.js';

/** One identity check of a person user with a provider (spec 7 `beneficiary-sessions/iidentifii`). */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: idColumn(),
    personUserId: bigint('person_user_id', { mode: 'number' })
      .notNull()
      .references(() => personUsers.id),
    /** `sandbox` | `iidentifii` */
    provider: text('provider').notNull(),
    /** The provider's reference for this check; unique per provider. */
    reference: text('reference').notNull(),
    /** `pending` | `passed` | `failed` */
    status: text('status', { enum: ['pending', 'passed', 'failed'] })
      .notNull()
      .default('pending'),
    /** The provider's reason for a failure, shown to the member. */
    failureReason: text('failure_reason'),
    createdAt: at('created_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
  },
  (table) => [
    uniqueIndex('identity_verifications_reference_unique').on(table.provider, table.reference),
    index('identity_verifications_person_user_idx').on(table.personUserId),
  ],
);
