import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.js';

/** A person known from fund data, identified by their SA ID number. Personal information (POPIA). */
export const persons = pgTable(
  'persons',
  {
    id: idColumn(),
    /** 13-digit South African ID number. Never logged or returned in full to anyone but its owner. */
    idNumber: text('id_number').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    /** `female` | `male`, from the ID number. */
    gender: text('gender', { enum: ['female', 'male'] }).notNull(),
    email: text('email'),
    /** E.164, e.g. `+27821234567`. */
    phoneNumber: text('phone_number'),
    /** Set when the population register said the person died (issue 17); their benefits go to the s37C process. */
    deceasedOn: date('deceased_on', { mode: 'string' }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('persons_id_number_unique').on(table.idNumber),
    // Staff search by surname, case-insensitive (issue 9).
    index('persons_last_name_lower_idx').on(sql`lower(${table.lastName})`),
  ],
);
