import { z } from 'zod';

/**
 * The one list contract of the back office (decision 009 "Lists"): every list call takes the same
 * query parameters and answers the same envelope.
 *
 * Query parameters:
 * - `page`: 1-based page number (default 1);
 * - `pageSize`: rows per page, 1 to 100 (default 25);
 * - `sort`: `field:asc` or `field:desc`, repeatable (`sort[]=status:asc&sort[]=id:desc`); only the
 *   fields a list names; default per list;
 * - `filter[field]=value`: exact-match filters, only the fields a list names;
 * - `q`: free text, matched case-insensitively against the list's text columns.
 * Unknown sort or filter fields are a 422 naming the parameter, and so is any other parameter
 * the list does not declare (decision 060). `filter` is a `deepObject` parameter in the document.
 */
export const LIST_LIMITS = { defaultPageSize: 25, maxPageSize: 100, maxSearchLength: 100 } as const;

export type SortDirection = 'asc' | 'desc';
export interface SortTerm<F extends string = string> {
  field: F;
  direction: SortDirection;
}

const zPositiveInt = (fallback: number, max?: number) => {
  const base = z.coerce.number().int().min(1);
  return (max ? base.max(max) : base).default(fallback);
};

/**
 * The query parameters of a list: which fields it sorts by, its default order and its filters
 * (each filter a Zod schema of the string it receives, e.g. `z.enum([...])` or `zQueryId()`).
 * Used as a route's `querystring` (no schema id: OpenAPI lists each parameter).
 */
export function listQuery<S extends string, F extends z.ZodRawShape>(options: {
  sort: readonly [S, ...S[]];
  defaultSort: readonly SortTerm<S>[];
  filter: F;
}) {
  const sortFields = options.sort as readonly string[];
  const sortTerm = z.string().transform((value, ctx): SortTerm<S> => {
    const [field = '', direction = 'asc'] = value.split(':');
    if (!sortFields.includes(field) || (direction !== 'asc' && direction !== 'desc')) {
      ctx.addIssue({ code: 'custom', message: `Sort by one of ${sortFields.join(', ')}, as field:asc or field:desc.` });
      return z.NEVER;
    }
    return { field: field as S, direction };
  });
  return z.object({
    page: zPositiveInt(1),
    pageSize: zPositiveInt(LIST_LIMITS.defaultPageSize, LIST_LIMITS.maxPageSize),
    sort: z
      .union([sortTerm, z.array(sortTerm).max(5)])
      .optional()
      .transform((value) => (value === undefined ? [...options.defaultSort] : Array.isArray(value) ? value : [value]))
      .describe(`field:asc or field:desc, repeatable; fields: ${sortFields.join(', ')}`),
    filter: z.strictObject(options.filter).optional().describe('filter[field]=value, exact match'),
    q: z.string().trim().max(LIST_LIMITS.maxSearchLength).optional().describe('free-text search'),
  });
}

/** A list query after parsing (what services receive). */
export interface ListQuery<S extends string = string, F = Record<string, unknown>> {
  page: number;
  pageSize: number;
  sort: SortTerm<S>[];
  filter?: F | undefined;
  q?: string | undefined;
}

/** A filter value that is a row id (`filter[assigneeId]=7`). */
export const zQueryId = () => z.coerce.number().int().min(1);

/** A filter value that is a boolean (`filter[active]=true`). */
export const zQueryBoolean = () => z.enum(['true', 'false']).transform((value) => value === 'true');

/** The one list envelope: a page of items and where it stands in the whole list. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    /** 1-based. */
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Rows matching the filters and search, over all pages. */
    total: z.number().int(),
    totalPages: z.number().int(),
  });
}

/** A list envelope's type. */
export interface ListResponse<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

/** Path parameter `{id}` of back-office calls (no schema id: OpenAPI lists it as a parameter). */
export const IdParams = z.object({ id: z.coerce.number().int().min(1) });
export type IdParams = z.infer<typeof IdParams>;

/** A short list answered whole (e.g. a member's own benefits): the envelope with every item on page 1. */
export function wholeList<T>(items: T[]): ListResponse<T> {
  return { items, page: 1, pageSize: Math.max(items.length, 1), total: items.length, totalPages: 1 };
}

/**
 * Lists over tables that grow to millions of rows (back-office benefits and claims) page by cursor
 * instead of by number (decision 016): the same parameters plus `cursor` (the `nextCursor` of the
 * previous page), and the envelope without page numbers. `total` is there when the list counts its
 * rows (the claims queue, issue 38 item 3): exact below 10,000 rows; a larger total is counted now
 * and then and kept a while meanwhile (as offset lists' totals), so it comes with
 * `totalEstimated: true` and is shown as "about N". Lists that do not count leave both out.
 */
export function cursorListResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    pageSize: z.number().int(),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
    /** Rows matching the filters and search, over all pages (absent: the list does not count). */
    total: z.number().int().optional(),
    /** True when `total` may be a little out of date (10,000 rows or more): shown as "about N". */
    totalEstimated: z.boolean().optional(),
  });
}

/** A cursor list envelope's type. */
export interface CursorListResponse<T> {
  items: T[];
  pageSize: number;
  nextCursor: string | null;
  total?: number;
  totalEstimated?: boolean;
}

/** The `cursor` query parameter: opaque to clients. */
export const zCursor = () => z.string().max(200).optional().describe('nextCursor of the previous page');
