import { bigint, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.js';
import { funds } from './funds.js';

/** Frequently asked questions (issue 7): the answer is a Liquid template filled with the member's data. */
export const faqs = pgTable(
  'faqs',
  {
    id: idColumn(),
    question: text('question').notNull(),
    /** Liquid. */
    answer: text('answer').notNull(),
    /** Lower first. */
    sortOrder: integer('sort_order').notNull().default(0),
    /** Members see published FAQs only. */
    published: boolean('published').notNull().default(false),
    ...timestamps(),
  },
  (table) => [index('faqs_published_order_idx').on(table.published, table.sortOrder)],
);

/** The funds an FAQ applies to; an FAQ with none applies to every fund. */
export const faqFunds = pgTable(
  'faq_funds',
  {
    faqId: bigint('faq_id', { mode: 'number' })
      .notNull()
      .references(() => faqs.id, { onDelete: 'cascade' }),
    fundId: bigint('fund_id', { mode: 'number' })
      .notNull()
      .references(() => funds.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.faqId, table.fundId] }), index('faq_funds_fund_idx').on(table.fundId)],
);
