import { TEMPLATE_KIND_INFO, TEMPLATE_KINDS, type TemplateResponse } from '@bcp/contract';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { FilterSelect, ListTable, useServerList } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { Can } from '../../lib/permissions';

/** Templates (`GET templates`): search, kind filter; a row opens the editor. */
export default function TemplatesPage() {
  const [, navigate] = useLocation();
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<string | null>(null);
  const list = useServerList<TemplateResponse>({
    path: 'v1/templates',
    defaultSort: { field: 'name', direction: 'asc' },
    q,
    filter: { kind },
  });
  return (
    <>
      <PageHeader title="Templates">
        <Can permission="templates.write">
          <Button onClick={() => navigate('/set-up/templates/new')}>New template</Button>
        </Can>
      </PageHeader>
      <ListTable<TemplateResponse>
        list={list}
        label="Templates"
        search={{ value: q, onChange: setQ, placeholder: 'Search by name, key or subject' }}
        toolbar={
          <Group mb="sm">
            <FilterSelect
              label="Kind"
              placeholder="All kinds"
              data={TEMPLATE_KINDS.map((value) => ({ value, label: TEMPLATE_KIND_INFO[value].label }))}
              value={kind}
              onChange={setKind}
              list={list}
            />
          </Group>
        }
        rowHref={(template) => `/set-up/templates/${template.id}`}
        columns={[
          { accessor: 'name', title: 'Name', sortable: true },
          {
            accessor: 'kind',
            title: 'Kind',
            sortable: true,
            render: (template) => TEMPLATE_KIND_INFO[template.kind].label,
          },
          { accessor: 'key', title: 'Replaces message', render: (template) => template.key ?? '—' },
          {
            accessor: 'updatedAt',
            title: 'Changed',
            sortable: true,
            render: (template) => formatDateTime(template.updatedAt),
          },
        ]}
      />
    </>
  );
}
