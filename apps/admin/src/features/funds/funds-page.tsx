import { FUND_STATUS_LABELS, type FundResponse } from '@bcp/contract';
import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { FilterSelect, ListTable, StatusBadge, useServerList } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { Can } from '../../lib/permissions';
import { FundFormModal } from './fund-form';

/** Funds (`GET funds`): search, status filter, sort; a row opens the fund; "New fund" for `funds.write`. */
export default function FundsPage() {
  const [, navigate] = useLocation();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<string | null>('active');
  const [creating, { open, close }] = useDisclosure(false);
  const list = useServerList<FundResponse>({
    path: 'v1/funds',
    defaultSort: { field: 'name', direction: 'asc' },
    q,
    filter: { status },
  });
  return (
    <>
      <PageHeader title="Funds">
        <Can permission="funds.write">
          <Button onClick={open}>New fund</Button>
        </Can>
      </PageHeader>
      <ListTable<FundResponse>
        list={list}
        label="Funds"
        search={{ value: q, onChange: setQ, placeholder: 'Search by name or registration number' }}
        toolbar={
          <Group mb="sm">
            <FilterSelect
              label="Status"
              placeholder="All statuses"
              data={[
                { value: 'active', label: 'Active funds' },
                { value: 'archived', label: 'Archived funds' },
              ]}
              value={status}
              onChange={setStatus}
              list={list}
            />
          </Group>
        }
        rowHref={(fund) => `/set-up/funds/${fund.id}`}
        columns={[
          { accessor: 'name', title: 'Name', sortable: true },
          { accessor: 'registrationNumber', title: 'Registration', sortable: true },
          { accessor: 'fundType', title: 'Type', render: (fund) => fund.fundType?.name ?? '—' },
          { accessor: 'administrator', title: 'Administrator', render: (fund) => fund.administrator?.name ?? '—' },
          { accessor: 'benefitCount', title: 'Benefits', textAlign: 'right' },
          {
            accessor: 'status',
            title: 'Status',
            sortable: true,
            render: (fund) => (
              <StatusBadge
                on={fund.status === 'active'}
                yes={FUND_STATUS_LABELS.active}
                no={FUND_STATUS_LABELS.archived}
              />
            ),
          },
        ]}
      />
      {creating && <FundFormModal opened onClose={close} onSaved={(fund) => navigate(`/set-up/funds/${fund.id}`)} />}
    </>
  );
}
