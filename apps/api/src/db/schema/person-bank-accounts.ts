import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { banks } from './banks.js';
import { at, idColumn, timestamps } from './columns.js';
import { personUsers } from './person-users.js';

/**
 * A member's own bank account to be paid into (spec 7 `benefit-claims/person-banks`). The account
 * number is personal information: stored encrypted (AES-256-GCM), with its last four digits apart
 * for masked display; never logged.
 */
export const personBankAccounts = pgTable(
  'person_bank_accounts',
  {
    id: idColumn(),
    personUserId: bigint('person_user_id', { mode: 'number' })
      .notNull()
      .references(() => personUsers.id),
    bankId: bigint('bank_id', { mode: 'number' })
      .notNull()
      .references(() => banks.id),
    /** `CHEQUE` | `SAVINGS` | `TRANSMISSION` (contract BANK_ACCOUNT_TYPES). */
    accountType: text('account_type', { enum: ['CHEQUE', 'SAVINGS', 'TRANSMISSION'] }).notNull(),
    /** The digits encrypted, `v2.<kid>.<iv>.<tag>.<ciphertext>` or `v1.…`; see platform/crypto/field-encryption. */
    accountNumberEncrypted: text('account_number_encrypted').notNull(),
    accountNumberLast4: text('account_number_last4').notNull(),
    holderName: text('holder_name').notNull(),
    /** Removed by the member; kept for claims that were paid into it. */
    removedAt: at('removed_at'),
    ...timestamps(),
  },
  (table) => [
    index('person_bank_accounts_person_user_idx').on(table.personUserId),
    index('person_bank_accounts_bank_idx').on(table.bankId),
  ],
);
