import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { savedViews } from '../../db/schema/saved-views.js';

/** A `saved_views` row as stored. */
export type SavedView = typeof savedViews.$inferSelect;

/** The user's saved views of `screen`, by name. */
export function findSavedViews(db: Database, userId: number, screen: string): Promise<SavedView[]> {
  return db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.userId, userId), eq(savedViews.screen, screen)))
    .orderBy(asc(savedViews.name), asc(savedViews.id));
}

/** How many views the user keeps of `screen`, and whether one is named `name`. */
export async function countSavedViews(
  db: Database,
  userId: number,
  screen: string,
  name: string,
): Promise<{ count: number; named: boolean }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      named: sql<boolean>`coalesce(bool_or(${savedViews.name} = ${name}), false)`,
    })
    .from(savedViews)
    .where(and(eq(savedViews.userId, userId), eq(savedViews.screen, screen)));
  return { count: row?.count ?? 0, named: row?.named ?? false };
}

/** Saves the view, or replaces the query of the user's view of that screen with that name. */
export async function upsertSavedView(
  db: Database,
  values: Pick<SavedView, 'userId' | 'screen' | 'name' | 'query'>,
): Promise<SavedView> {
  const [row] = await db
    .insert(savedViews)
    .values(values)
    .onConflictDoUpdate({
      target: [savedViews.userId, savedViews.screen, savedViews.name],
      set: { query: values.query, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('saved view upsert returned no row');
  return row;
}

/** Deletes the view `id` if it is the user's. @returns whether a row was deleted */
export async function deleteSavedView(db: Database, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
    .returning({ id: savedViews.id });
  return rows.length > 0;
}
