/**
 * Read model (issue 35 item 3): file uploads as the back office lists them (spec 7), with the
 * fund's name and the uploader's and decider's names (file_uploads, funds, users). Read only.
 */
import type { FileUploadListQuery, ListResponse } from '@bcp/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { fileUploads } from '../db/schema/file-uploads.js';
import { funds } from '../db/schema/funds.js';
import { users } from '../db/schema/users.js';
import { listPage, orderBy } from '../platform/lists/list-page.js';

const deciders = alias(users, 'deciders');
const columns = {
  upload: fileUploads,
  fundName: funds.name,
  uploaderName: users.name,
  deciderName: deciders.name,
};

/** An upload with its fund's, uploader's and decider's names. */
export type FileUploadListRow = {
  upload: typeof fileUploads.$inferSelect;
  fundName: string;
  uploaderName: string | null;
  deciderName: string | null;
};

function selectUploads(db: Database) {
  return db
    .select(columns)
    .from(fileUploads)
    .innerJoin(funds, eq(funds.id, fileUploads.fundId))
    .leftJoin(users, eq(users.id, fileUploads.uploadedByUserId))
    .leftJoin(deciders, eq(deciders.id, fileUploads.decidedByUserId));
}

/** One upload with its names, or undefined. */
export async function findFileUploadListRow(db: Database, id: number): Promise<FileUploadListRow | undefined> {
  const [row] = await selectUploads(db).where(eq(fileUploads.id, id));
  return row;
}

/**
 * A page of the uploads, newest first by default (filters fund, type, status, uploader), in the
 * list envelope, each row as `toItem` makes it.
 */
export async function listFileUploadRows<Item>(
  db: Database,
  query: FileUploadListQuery,
  toItem: (row: FileUploadListRow) => Item,
): Promise<ListResponse<Item>> {
  const filter = query.filter ?? {};
  const conditions: (SQL | undefined)[] = [
    filter.fundId === undefined ? undefined : eq(fileUploads.fundId, filter.fundId),
    filter.type === undefined ? undefined : eq(fileUploads.kind, filter.type),
    filter.status === undefined
      ? undefined
      : filter.status === 'accepted'
        ? sql`${fileUploads.status} in ('accepted', 'imported')`
        : eq(fileUploads.status, filter.status),
    filter.uploadedBy === undefined ? undefined : eq(fileUploads.uploadedByUserId, filter.uploadedBy),
  ];
  const where = and(...conditions);
  const sortColumns = { id: fileUploads.id, createdAt: fileUploads.createdAt, status: fileUploads.status };
  const order = orderBy(query.sort, sortColumns, fileUploads.id);
  return listPage(query, {
    // The page's ids first, from the narrow table alone (an index walk), then only their joins:
    // a deep page no longer joins and sorts every upload (issue 25).
    rows: (window) => {
      const pageIds = db
        .select({ id: fileUploads.id })
        .from(fileUploads)
        .where(where)
        .orderBy(...order);
      return selectUploads(db)
        .where(inArray(fileUploads.id, pageIds.limit(window.limit).offset(window.offset)))
        .orderBy(...order);
    },
    count: () => db.$count(fileUploads, where),
    toItem,
  });
}
