import type { StaffUserResponse } from '@bcp/contract';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { HistoryButton } from '../../components/audit-trail';
import { FilterSelect, ListTable, StatusBadge, useServerList } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { Can } from '../../lib/permissions';
import { UserFormModal } from './user-form';

/** Staff users (`GET users`): search, active filter; invite, edit roles, deactivate (`users.write`); audit trail. */
export default function UsersPage() {
  const [q, setQ] = useState('');
  const [active, setActive] = useState<string | null>(null);
  const [editing, setEditing] = useState<StaffUserResponse | 'new' | null>(null);
  const list = useServerList<StaffUserResponse>({
    path: 'v1/users',
    defaultSort: { field: 'email', direction: 'asc' },
    q,
    filter: { active },
  });
  return (
    <>
      <PageHeader title="Users">
        <Can permission="users.write">
          <Button onClick={() => setEditing('new')}>Invite user</Button>
        </Can>
      </PageHeader>
      <ListTable<StaffUserResponse>
        list={list}
        label="Users"
        search={{ value: q, onChange: setQ, placeholder: 'Search by email or name' }}
        toolbar={
          <Group mb="sm">
            <FilterSelect
              label="Active"
              placeholder="Active and inactive"
              data={[
                { value: 'true', label: 'Active users' },
                { value: 'false', label: 'Inactive users' },
              ]}
              value={active}
              onChange={setActive}
              list={list}
            />
          </Group>
        }
        columns={[
          { accessor: 'email', title: 'Email', sortable: true },
          { accessor: 'name', title: 'Name', sortable: true },
          {
            accessor: 'roles',
            title: 'Roles',
            render: (user) => user.roles.map((role) => role.name).join(', ') || '—',
          },
          {
            accessor: 'active',
            title: 'Status',
            render: (user) => <StatusBadge on={user.active} yes="active" no="inactive" />,
          },
          {
            accessor: 'lastSignInAt',
            title: 'Last sign-in',
            sortable: true,
            render: (user) => formatDateTime(user.lastSignInAt, 'never'),
          },
          {
            accessor: 'actions',
            title: 'Actions',
            textAlign: 'right',
            render: (user) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Can permission="users.write">
                  <Button size="compact-sm" variant="default" onClick={() => setEditing(user)}>
                    Edit
                  </Button>
                </Can>
                <HistoryButton path={`v1/users/${user.id}/audits`} name={user.email} />
              </Group>
            ),
          },
        ]}
      />
      {editing && <UserFormModal {...(editing === 'new' ? {} : { user: editing })} onClose={() => setEditing(null)} />}
    </>
  );
}
