import type { FaqEntryResponse, ListQuery } from '@bcp/contract';
import { and, asc, eq, exists, inArray, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { faqFunds, faqs } from '../../db/schema/faqs.js';
import { orderBy, searchCondition } from '../../platform/lists/list-page.js';

/** A `faqs` row as stored. */
export type FaqRow = typeof faqs.$inferSelect;
/** The columns an FAQ list sorts by. */
export type FaqSort = 'id' | 'sortOrder' | 'question' | 'updatedAt';
/** An FAQ's stored fields. */
export type FaqValues = Pick<typeof faqs.$inferInsert, 'question' | 'answer' | 'sortOrder' | 'published'>;

/** FAQs that apply to `fundId`: general ones (no fund) and those given that fund. */
function appliesToFund(fundId: number | null): SQL | undefined {
  const general = notExists(sql`(select 1 from ${faqFunds} where ${faqFunds.faqId} = ${faqs.id})`);
  if (fundId === null) return general;
  return or(
    general,
    exists(sql`(select 1 from ${faqFunds} where ${faqFunds.faqId} = ${faqs.id} and ${faqFunds.fundId} = ${fundId})`),
  );
}

/** The fund ids of each FAQ (ascending; empty: general). */
export async function fundIdsOf(db: Database, faqIds: number[]): Promise<Map<number, number[]>> {
  const byFaq = new Map<number, number[]>(faqIds.map((id) => [id, []]));
  if (faqIds.length === 0) return byFaq;
  const rows = await db.select().from(faqFunds).where(inArray(faqFunds.faqId, faqIds)).orderBy(asc(faqFunds.fundId));
  for (const row of rows) byFaq.get(row.faqId)?.push(row.fundId);
  return byFaq;
}

/** An FAQ row by id, or `undefined`. */
export async function selectFaqRow(db: Database, id: number): Promise<FaqRow | undefined> {
  const [row] = await db.select().from(faqs).where(eq(faqs.id, id));
  return row;
}

/** A page of FAQs (`filter[published]`, `filter[fundId]`, `q` over question and answer) and the count. */
export function faqListQueries(
  db: Database,
  query: ListQuery<FaqSort, { published?: boolean | undefined; fundId?: number | undefined }>,
) {
  const filter = query.filter ?? {};
  const where = and(
    filter.published === undefined ? undefined : eq(faqs.published, filter.published),
    filter.fundId === undefined ? undefined : appliesToFund(filter.fundId),
    searchCondition(query.q, [faqs.question, faqs.answer]),
  );
  const columns = { id: faqs.id, sortOrder: faqs.sortOrder, question: faqs.question, updatedAt: faqs.updatedAt };
  return {
    rows: (window: { limit: number; offset: number }): Promise<FaqRow[]> =>
      db
        .select()
        .from(faqs)
        .where(where)
        .orderBy(...orderBy(query.sort, columns, faqs.id))
        .limit(window.limit)
        .offset(window.offset),
    count: (): Promise<number> => db.$count(faqs, where),
  };
}

/** Inserts an FAQ; returns the row. */
export async function insertFaq(db: Database, values: FaqValues): Promise<FaqRow> {
  const [row] = await db.insert(faqs).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Sets an FAQ's given fields (and `updatedAt`); the row, or `undefined` when gone. */
export async function updateFaqRow(db: Database, id: number, change: Partial<FaqValues>): Promise<FaqRow | undefined> {
  const [row] = await db
    .update(faqs)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(faqs.id, id))
    .returning();
  return row;
}

/** Replaces an FAQ's funds with `fundIds` (`replace`: delete the old links first). */
export async function linkFaqFunds(db: Database, faqId: number, fundIds: number[], replace: boolean): Promise<void> {
  if (replace) await db.delete(faqFunds).where(eq(faqFunds.faqId, faqId));
  if (fundIds.length > 0) await db.insert(faqFunds).values(fundIds.map((fundId) => ({ faqId, fundId })));
}

/** Deletes an FAQ. */
export async function deleteFaqRow(db: Database, id: number): Promise<void> {
  await db.delete(faqs).where(eq(faqs.id, id));
}

/** The published FAQs for `fundId` (general ones and that fund's; null: general only), by sort order. */
export async function publishedFaqs(db: Database, fundId: number | null): Promise<FaqEntryResponse[]> {
  return db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .where(and(eq(faqs.published, true), appliesToFund(fundId)))
    .orderBy(asc(faqs.sortOrder), asc(faqs.id));
}
