import type { ListQuery, ListResponse, TemplateKind } from '@bcp/contract';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { templates } from '../../db/schema/templates.js';
import { listPage, orderBy, searchCondition } from '../../platform/lists/list-page.js';

/** A `templates` row as stored. */
export type TemplateRow = typeof templates.$inferSelect;
/** The columns a template list sorts by. */
export type TemplateSort = 'id' | 'name' | 'kind' | 'updatedAt';
/** The stored fields of a template (nulls for no key or subject). */
export interface TemplateValues {
  name: string;
  kind: TemplateKind;
  key: string | null;
  subject: string | null;
  body: string;
}

/** Whether another template (not `exceptId`) already has this name. */
export async function templateNameTaken(db: Database, name: string, exceptId?: number): Promise<boolean> {
  const others = exceptId === undefined ? undefined : ne(templates.id, exceptId);
  const [row] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.name, name), others));
  return row !== undefined;
}

/** Whether another template (not `exceptId`) of this kind already has this key. */
export async function templateKeyTaken(
  db: Database,
  kind: TemplateKind,
  key: string,
  exceptId?: number,
): Promise<boolean> {
  const others = exceptId === undefined ? undefined : ne(templates.id, exceptId);
  const [row] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.kind, kind), eq(templates.key, key), others));
  return row !== undefined;
}

/**
 * The template saved for `kind` and `key` (e.g. `sms`, `otp.af`): its id, subject and body, or
 * `undefined` when staff saved none (for platform's `renderMessage`).
 */
export async function findTemplateText(
  db: Database,
  kind: TemplateKind,
  key: string,
): Promise<{ id: number; subject: string | null; body: string } | undefined> {
  const [row] = await db
    .select({ id: templates.id, subject: templates.subject, body: templates.body })
    .from(templates)
    .where(and(eq(templates.kind, kind), eq(templates.key, key)))
    .limit(1);
  return row;
}

/** A template row by id, or `undefined`. */
export async function selectTemplateRow(db: Database, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(templates).where(eq(templates.id, id));
  return row;
}

/** A page of templates (`filter[kind]`, `filter[key]`, `q` over name, key and subject), mapped by `toItem`. */
export async function listTemplateRows<T>(
  db: Database,
  query: ListQuery<TemplateSort, { kind?: TemplateKind | undefined; key?: string | undefined }>,
  toItem: (row: TemplateRow) => T,
): Promise<ListResponse<T>> {
  const filter = query.filter ?? {};
  const where: SQL | undefined = and(
    filter.kind ? eq(templates.kind, filter.kind) : undefined,
    filter.key ? eq(templates.key, filter.key) : undefined,
    searchCondition(query.q, [templates.name, templates.key, templates.subject]),
  );
  const columns = { id: templates.id, name: templates.name, kind: templates.kind, updatedAt: templates.updatedAt };
  return listPage(query, {
    rows: (window) =>
      db
        .select()
        .from(templates)
        .where(where)
        .orderBy(...orderBy(query.sort, columns, templates.id))
        .limit(window.limit)
        .offset(window.offset),
    count: () => db.$count(templates, where),
    toItem,
  });
}

/** Inserts a template; returns the stored row. */
export async function insertTemplate(db: Database, values: TemplateValues): Promise<TemplateRow> {
  const [row] = await db.insert(templates).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Overwrites a template's fields (and `updatedAt`); the stored row, or `undefined` when gone. */
export async function updateTemplateRow(
  db: Database,
  id: number,
  values: TemplateValues,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(templates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(templates.id, id))
    .returning();
  return row;
}

/** Deletes a template by id. */
export async function deleteTemplateRow(db: Database, id: number): Promise<void> {
  await db.delete(templates).where(eq(templates.id, id));
}
