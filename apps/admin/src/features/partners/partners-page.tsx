import { PARTNER_KIND_LABELS, type PartnerResponse } from '@bcp/contract';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ListTable, StatusBadge, useServerList } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { Can } from '../../lib/permissions';
import { PartnerFormModal } from './partner-form';

/** Partners (`GET partners`): tracing partners and fund administrators; a row opens its keys. */
export default function PartnersPage() {
  const [, navigate] = useLocation();
  const [q, setQ] = useState('');
  const [creating, setCreating] = useState(false);
  const list = useServerList<PartnerResponse>({
    path: 'v1/partners',
    defaultSort: { field: 'name', direction: 'asc' },
    q,
  });
  return (
    <>
      <PageHeader title="Partners">
        <Can permission="partners.write">
          <Button onClick={() => setCreating(true)}>New partner</Button>
        </Can>
      </PageHeader>
      <ListTable<PartnerResponse>
        list={list}
        label="Partners"
        search={{ value: q, onChange: setQ, placeholder: 'Search by name' }}
        rowHref={(partner) => `/set-up/partners/${partner.id}`}
        columns={[
          { accessor: 'name', title: 'Name', sortable: true },
          { accessor: 'kind', title: 'Kind', sortable: true, render: (partner) => PARTNER_KIND_LABELS[partner.kind] },
          {
            accessor: 'funds',
            title: 'Funds',
            render: (partner) => partner.funds.map((fund) => fund.name).join(', ') || '—',
          },
          { accessor: 'activeApiKeys', title: 'API keys', textAlign: 'right' },
          {
            accessor: 'active',
            title: 'Status',
            render: (partner) => <StatusBadge on={partner.active} yes="active" no="inactive" />,
          },
        ]}
      />
      {creating && (
        <PartnerFormModal
          onClose={() => setCreating(false)}
          onSaved={(partner) => navigate(`/set-up/partners/${partner.id}`)}
        />
      )}
    </>
  );
}
