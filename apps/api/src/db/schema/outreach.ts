import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn } from './columns.js';
import { funds } from './funds.js';
import { outboxMessages } from './outbox-messages.js';
import { persons } from './persons.js';

/** An invitation sent to a person with a benefit and no account (issue 17 "Outreach"). */
export const outreachInvitations = pgTable(
  'outreach_invitations',
  {
    id: idColumn(),
    fundId: bigint('fund_id', { mode: 'number' })
      .notNull()
      .references(() => funds.id),
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => persons.id),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    /** E.164 or lower-case email: a STOP reply from it opts the person out. */
    destination: text('destination').notNull(),
    /** The message in the outbox: its status says whether the gateway took it. */
    outboxId: bigint('outbox_id', { mode: 'number' }).references(() => outboxMessages.id, { onDelete: 'set null' }),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (table) => [
    index('outreach_invitations_person_idx').on(table.personId, table.sentAt),
    index('outreach_invitations_fund_idx').on(table.fundId, table.sentAt),
    index('outreach_invitations_destination_idx').on(table.destination),
    index('outreach_invitations_outbox_idx').on(table.outboxId),
  ],
);

/** A person who asked for no more invitations: by replying STOP, or by the link. */
export const outreachOptOuts = pgTable(
  'outreach_opt_outs',
  {
    id: idColumn(),
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => persons.id),
    via: text('via', { enum: ['sms', 'link'] }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('outreach_opt_outs_person_unique').on(table.personId)],
);
