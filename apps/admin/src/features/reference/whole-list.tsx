import type { ListResponse } from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Alert, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';

/** A read-only reference list answered whole (`GET fund_types`, `GET banks`): every row on one page. */
export function WholeListPage<T extends { id: number }>(props: {
  title: string;
  path: string;
  columns: DataTableColumn<T>[];
}) {
  const list = useQuery({ queryKey: [props.path], queryFn: () => unwrap(api.get<ListResponse<T>>(props.path)) });
  return (
    <>
      <PageHeader title={props.title} />
      {list.isPending && <Loader aria-label="Loading" />}
      {list.isError && (
        <Alert color="red" role="alert">
          Could not load the list. Please try again.
        </Alert>
      )}
      {list.data && (
        <DataTable<T>
          aria-label={props.title}
          withTableBorder
          borderRadius="sm"
          columns={props.columns}
          records={list.data.items}
          noRecordsText="Nothing here"
        />
      )}
    </>
  );
}
