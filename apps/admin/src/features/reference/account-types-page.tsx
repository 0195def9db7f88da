import type { AccountTypeResponse } from '@bcp/contract';
import { Code } from '@mantine/core';
import { ListTable, StatusBadge, useServerList } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';

/** Bank account types (`GET account_types`), read-only here; each code shown as a code, beside its label. */
export default function AccountTypesPage() {
  const list = useServerList<AccountTypeResponse>({
    path: 'v1/account_types',
    defaultSort: { field: 'label', direction: 'asc' },
  });
  return (
    <>
      <PageHeader title="Account types" />
      <ListTable<AccountTypeResponse>
        list={list}
        label="Account types"
        columns={[
          { accessor: 'code', title: 'Code', sortable: true, render: (type) => <Code>{type.code}</Code> },
          { accessor: 'label', title: 'Label', sortable: true },
          { accessor: 'builtIn', title: 'Built in', render: (type) => (type.builtIn ? 'yes' : 'no') },
          {
            accessor: 'active',
            title: 'Status',
            render: (type) => <StatusBadge on={type.active} yes="active" no="inactive" />,
          },
        ]}
      />
    </>
  );
}
