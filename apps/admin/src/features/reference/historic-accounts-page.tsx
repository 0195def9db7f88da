import {
  BANK_ACCOUNT_TYPE_LABELS,
  type BankAccountType,
  type CursorListResponse,
  type HistoricAccountResponse,
} from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Alert, Button, Group } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';

const PATH = 'v1/historic-accounts';

/**
 * Bank accounts recorded for persons (`GET historic-accounts`), numbers always masked; newest
 * first, a page at a time by cursor (no total: the table grows to millions of rows).
 */
export default function HistoricAccountsPage() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const page = useQuery({
    queryKey: [PATH, cursor],
    queryFn: () =>
      unwrap(api.get<CursorListResponse<HistoricAccountResponse>>(PATH, { query: { pageSize: 25, cursor } })),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageHeader title="Historic accounts" />
      {page.isError && (
        <Alert color="red" role="alert" mb="sm">
          Could not load the accounts. Please try again.
        </Alert>
      )}
      <DataTable<HistoricAccountResponse>
        aria-label="Historic accounts"
        withTableBorder
        borderRadius="sm"
        minHeight={180}
        fetching={page.isFetching}
        records={page.data?.items ?? []}
        noRecordsText="No bank accounts recorded yet"
        columns={[
          {
            accessor: 'recordedAt',
            title: 'Recorded',
            render: (row) => formatDateTime(row.recordedAt),
          },
          { accessor: 'person', title: 'Person', render: (row) => `${row.person.name} (${row.person.idNumberMasked})` },
          { accessor: 'bank', title: 'Bank', render: (row) => row.bank.name },
          {
            accessor: 'accountType',
            title: 'Type',
            render: (row) => BANK_ACCOUNT_TYPE_LABELS[row.accountType as BankAccountType] ?? row.accountType,
          },
          { accessor: 'accountNumberMasked', title: 'Account' },
          { accessor: 'removed', title: 'Removed', render: (row) => (row.removed ? 'yes' : 'no') },
        ]}
      />
      <Group mt="sm">
        <Button
          variant="default"
          disabled={cursors.length === 1}
          onClick={() => setCursors((list) => list.slice(0, -1))}
        >
          Newer
        </Button>
        <Button
          variant="default"
          disabled={!page.data?.nextCursor}
          onClick={() => setCursors((list) => [...list, page.data?.nextCursor ?? undefined])}
        >
          Older
        </Button>
      </Group>
    </>
  );
}
