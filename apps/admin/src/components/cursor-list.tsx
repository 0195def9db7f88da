import type { CursorListResponse } from '@bcp/contract';
import { type Query, unwrap } from '@bcp/web-client';
import { Alert, Button, Group, Select, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn, type DataTableSortProps, type DataTableSortStatus } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { api } from '../lib/api';
import { filterQuery, type ListFilter } from '../lib/list-query';
import { useRowLinks } from './row-link';

/** What a cursor list screen asks of `useCursorList` (benefits and claims page by cursor, decision 016). */
export interface CursorListOptions {
  /** The call under `/api` (`v1/benefits/claims`). */
  path: string;
  /** `field:asc` or `field:desc`: `id:asc` (oldest first), or a field the list sorts by. */
  sort: string;
  /** Exact-match filters (`filter[field]=value`); empty values are left out. */
  filter?: ListFilter;
  /** Free text (`q`); the list is not asked for while `enabled` is false. */
  q?: string;
  enabled?: boolean;
  /** Rows per page: one of `CURSOR_PAGE_SIZES` (default 25). */
  pageSize?: number;
}

/** The page sizes a cursor list offers (issue 38 item 3). */
export const CURSOR_PAGE_SIZES = [25, 50, 100] as const;

/** "12 claims", "1 claim", "about 10 400 claims" (`totalEstimated`): a cursor list's total, when it gives one. */
export function totalText(
  page: { total?: number; totalEstimated?: boolean } | undefined,
  noun: { one: string; many: string },
): string | undefined {
  if (page?.total === undefined) return undefined;
  const count = page.total.toLocaleString('en-ZA');
  return `${page.totalEstimated ? 'about ' : ''}${count} ${page.total === 1 ? noun.one : noun.many}`;
}

/** The list's query parameters without the cursor: also what its export is asked with. */
export function cursorListQuery(options: Pick<CursorListOptions, 'sort' | 'filter' | 'q'>): Query {
  const q = options.q?.trim();
  return filterQuery(options.filter, { sort: options.sort, ...(q ? { q } : {}) });
}

/**
 * A back-office list paged by cursor: the cursors of the pages seen are kept so "Previous" goes
 * back; changing the filters starts again at the first page (the query key changes).
 */
export function useCursorList<T>(options: CursorListOptions) {
  const base = cursorListQuery(options);
  const key = JSON.stringify(base);
  const [pages, setPages] = useState<{ key: string; cursors: string[] }>({ key, cursors: [] });
  const cursors = pages.key === key ? pages.cursors : [];
  const cursor = cursors.at(-1);
  const query: Query = { ...base, pageSize: options.pageSize ?? 25, ...(cursor ? { cursor } : {}) };
  const result = useQuery({
    queryKey: [options.path, query],
    queryFn: () => unwrap(api.get<CursorListResponse<T>>(options.path, { query })),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  const nextCursor = result.data?.nextCursor ?? null;
  return {
    result,
    page: cursors.length + 1,
    next: nextCursor ? () => setPages({ key, cursors: [...cursors, nextCursor] }) : undefined,
    previous: cursors.length > 0 ? () => setPages({ key, cursors: cursors.slice(0, -1) }) : undefined,
  };
}

/**
 * A cursor list's table: the rows of the current page, "Previous" and "Next" under it; with `noun`,
 * the list's total ("24 claims") beside them; with `pageSize`, "Rows per page" (25, 50, 100); with
 * `sort`, the columns marked `sortable` sort the list (their accessor is the list's sort field). With
 * `rowHref`, each row's first cell links to its record and a click on the row opens it (`useRowLinks`).
 */
export function CursorTable<T>(props: {
  list: ReturnType<typeof useCursorList<T>>;
  columns: DataTableColumn<T>[];
  /** Names the table for screen readers. */
  label: string;
  /** The record's screen (`/claims/7`): the first column links there and a row click opens it. */
  rowHref?: (record: T) => string;
  noRecordsText?: string;
  toolbar?: ReactNode;
  /** Rows the user can tick (bulk actions), each checkbox named by `label`; none when absent. */
  selection?: { records: T[]; onChange: (records: T[]) => void; label: (record: T) => string };
  /** The list's total is shown as "N <many>" ("1 <one>"), "about N" when estimated. */
  noun?: { one: string; many: string };
  pageSize?: { value: number; onChange: (size: number) => void };
  sort?: { status: DataTableSortStatus<T>; onChange: (status: DataTableSortStatus<T>) => void };
}) {
  const { selection, sort, pageSize } = props;
  const total = props.noun ? totalText(props.list.result.data, props.noun) : undefined;
  const { list } = props;
  const rows = useRowLinks(props.columns, props.rowHref);
  return (
    <>
      {props.toolbar}
      {list.result.error && (
        <Alert color="red" role="alert" mb="sm">
          Could not load the list. Please try again.
        </Alert>
      )}
      <DataTable<T>
        aria-label={props.label}
        withTableBorder
        borderRadius="sm"
        highlightOnHover
        minHeight={180}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${props.label}, scrollable` } }}
        columns={rows.columns}
        records={list.result.data?.items ?? []}
        fetching={list.result.isFetching}
        noRecordsText={props.noRecordsText ?? 'Nothing here'}
        {...((sort ? { sortStatus: sort.status, onSortStatusChange: sort.onChange } : {}) as DataTableSortProps<T>)}
        {...(rows.onRowClick ? { onRowClick: rows.onRowClick } : {})}
        {...(selection
          ? {
              selectedRecords: selection.records,
              onSelectedRecordsChange: selection.onChange,
              selectionTrigger: 'checkbox' as const,
              allRecordsSelectionCheckboxProps: { 'aria-label': 'Select every row of this page' },
              getRecordSelectionCheckboxProps: (record: T) => ({ 'aria-label': selection.label(record) }),
            }
          : {})}
      />
      <Group justify="flex-end" mt="xs" gap="xs">
        {total !== undefined && (
          <Text size="sm" mr="auto" role="status" aria-live="polite" data-testid="list-total">
            {total}
          </Text>
        )}
        {pageSize && (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" component="label" htmlFor="cursor-page-size">
              Rows per page
            </Text>
            <Select
              id="cursor-page-size"
              size="xs"
              w={80}
              allowDeselect={false}
              data={CURSOR_PAGE_SIZES.map(String)}
              value={String(pageSize.value)}
              onChange={(value) => value && pageSize.onChange(Number(value))}
            />
          </Group>
        )}
        <Button size="compact-sm" variant="default" disabled={!list.previous} onClick={list.previous}>
          Previous page
        </Button>
        <Button size="compact-sm" variant="default" disabled={!list.next} onClick={list.next}>
          Next page
        </Button>
      </Group>
    </>
  );
}
