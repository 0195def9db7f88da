import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Identity primary key (bigint, returned as a JS number: safe below 2^53). */
export const idColumn = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** `created_at` / `updated_at` in UTC (DESIGN.md: time is UTC timestamptz). */
export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** A nullable UTC timestamp column (`timestamptz`), as a JS Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
