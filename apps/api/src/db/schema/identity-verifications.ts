import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** When the check's images were fetched from the provider into `identity_images` (issue 18). */
    imagesFetchedAt: at('images_fetched_at'),
  },
  (table) => [
    uniqueIndex('identity_verifications_reference_unique').on(table.provider, table.reference),
    index('identity_verifications_person_user_idx').on(table.personUserId),
  ],
);

/**
 * An image an identity check took (a selfie, the ID document), fetched from the provider once and
 * kept in the private file store (folder `identity-images`) for staff review (issue 18
 * `benefits/person/images`). Removed when the member's account is closed.
 */
export const identityImages = pgTable(
  'identity_images',
  {
    id: idColumn(),
    identityVerificationId: bigint('identity_verification_id', { mode: 'number' })
      .notNull()
      .references(() => identityVerifications.id),
    /** `selfie` | `id-document` */
    kind: text('kind').notNull(),
    /** `image/jpeg` | `image/png` (from the magic bytes). */
    contentType: text('content_type').notNull(),
    storedName: text('stored_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('identity_images_verification_idx').on(table.identityVerificationId)],
);
