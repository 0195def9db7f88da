import type { ListResponse } from '@bcp/contract';
import { type Query, unwrap } from '@bcp/web-client';
import { Alert, Badge, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { api } from '../lib/api';
import { filterQuery, type ListFilter } from '../lib/list-query';
import { useRowLinks } from './row-link';

const PAGE_SIZES = [10, 25, 50, 100];

/** What a list screen asks of `useServerList`. */
export interface ServerListOptions {
  /** The call under `/api` (`v1/funds`). */
  path: string;
  /** Sort field and direction first shown (one of the list's sort fields). */
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  /** Exact-match filters (`filter[field]=value`); empty values are left out. */
  filter?: ListFilter;
  /** Free text (`q`), sent a moment after typing stops. */
  q?: string;
}

/**
 * A back-office list over the one list envelope (decision 009): page, page size, sort, filters and
 * search kept here and sent as the list's query parameters; the page shown stays while the next
 * loads. Its query key starts with `path`, so invalidating `[path]` reloads it after a change.
 */
export function useServerList<T>(options: ServerListOptions) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<T>>({
    columnAccessor: options.defaultSort.field,
    direction: options.defaultSort.direction,
  });
  const [q] = useDebouncedValue(options.q?.trim() ?? '', 300);
  const query: Query = filterQuery(options.filter, {
    page,
    pageSize,
    sort: `${String(sortStatus.columnAccessor)}:${sortStatus.direction}`,
    ...(q ? { q } : {}),
  });
  const result = useQuery({
    queryKey: [options.path, query],
    queryFn: () => unwrap(api.get<ListResponse<T>>(options.path, { query })),
    placeholderData: keepPreviousData,
  });
  return {
    result,
    props: {
      records: result.data?.items ?? [],
      totalRecords: result.data?.total ?? 0,
      page,
      onPageChange: setPage,
      recordsPerPage: pageSize,
      onRecordsPerPageChange: (size: number) => {
        setPageSize(size);
        setPage(1);
      },
      sortStatus,
      onSortStatusChange: (status: DataTableSortStatus<T>) => {
        setSortStatus(status);
        setPage(1);
      },
      fetching: result.isFetching,
    },
    resetPage: () => setPage(1),
  };
}

/**
 * A list screen's table (mantine-datatable): server-side pages, sorting by the columns marked
 * `sortable` (their accessor is the list's sort field), an optional search box above it. With
 * `rowHref`, each row's first cell links to its record and a click on the row opens it (`useRowLinks`).
 */
export function ListTable<T>(props: {
  list: ReturnType<typeof useServerList<T>>;
  columns: DataTableColumn<T>[];
  /** Names the table for screen readers. */
  label: string;
  search?: { value: string; onChange: (value: string) => void; placeholder: string };
  /** The record's screen (`/set-up/funds/7`): the first column links there and a row click opens it. */
  rowHref?: (record: T) => string;
  toolbar?: ReactNode;
  idAccessor?: keyof T & string;
}) {
  const { list } = props;
  const rows = useRowLinks(props.columns, props.rowHref);
  return (
    <>
      {props.search && (
        <TextInput
          mb="sm"
          maw={360}
          aria-label="Search"
          placeholder={props.search.placeholder}
          value={props.search.value}
          onChange={(event) => {
            props.search?.onChange(event.currentTarget.value);
            list.resetPage();
          }}
        />
      )}
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
        // A table wider than the screen scrolls sideways: its viewport takes the keyboard focus.
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${props.label}, scrollable` } }}
        columns={rows.columns}
        idAccessor={props.idAccessor ?? ('id' as keyof T & string)}
        {...list.props}
        recordsPerPageOptions={PAGE_SIZES}
        recordsPerPageLabel="Rows per page"
        noRecordsText="Nothing here yet"
        paginationText={({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
          `${from}–${to} of ${totalRecords}`
        }
        {...(rows.onRowClick ? { onRowClick: rows.onRowClick } : {})}
      />
    </>
  );
}

/**
 * An exact-match filter of a list (`filter[field]`) as a select above it: choosing a value goes
 * back to page 1; clearing it shows everything.
 */
export function FilterSelect(props: {
  label: string;
  placeholder: string;
  data: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  list: { resetPage: () => void };
}) {
  return (
    <Select
      aria-label={props.label}
      w={200}
      clearable
      placeholder={props.placeholder}
      data={props.data}
      value={props.value}
      onChange={(value) => {
        props.onChange(value);
        props.list.resetPage();
      }}
    />
  );
}

/** A yes/no state as a badge: teal for `on`, grey otherwise. */
export function StatusBadge(props: { on: boolean; yes: string; no: string }) {
  return (
    <Badge color={props.on ? 'teal' : 'gray'} variant="light">
      {props.on ? props.yes : props.no}
    </Badge>
  );
}
