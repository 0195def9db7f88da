import {
  CreateRoleRequest,
  type ListResponse,
  PERMISSION_DESCRIPTIONS,
  PERMISSION_RESOURCE_LABELS,
  PERMISSIONS,
  type Permission,
  type RoleResponse,
} from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Button, Checkbox, Code, Group, Modal, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import { HistoryButton } from '../../components/audit-trail';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { Can, useCan } from '../../lib/permissions';
import { save } from '../../lib/save';

const PATH = 'v1/roles';

/** Permissions grouped by resource (`funds.read`, `funds.write` under `funds`), in the contract's order. */
const GROUPS = PERMISSIONS.reduce<Map<string, Permission[]>>((groups, permission) => {
  const resource = permission.split('.')[0] ?? permission;
  groups.set(resource, [...(groups.get(resource) ?? []), permission]);
  return groups;
}, new Map());

function NewRoleModal(props: { onClose: () => void }) {
  const form = useForm({
    initialValues: { name: '', description: '' },
    validate: schemaResolver(CreateRoleRequest, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    const role = await save(api.post<RoleResponse>(PATH, { json: { ...values, permissions: [] } }), {
      done: `Role ${values.name} created: tick its permissions in the matrix.`,
      invalidate: [PATH],
      form,
    });
    if (role) props.onClose();
  });
  return (
    <Modal opened onClose={props.onClose} title="New role">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput label="Description" {...form.getInputProps('description')} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              Create role
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Roles and permissions as a matrix (`GET roles`): a column per role, a row per permission of the
 * contract's list grouped by resource, each described in words (`PERMISSION_DESCRIPTIONS`) with its
 * code under it. Ticking changes the role locally; "Save" on a role sends its
 * whole list (`PATCH roles/{id}`). The super-admin role holds everything and cannot change. The
 * server refuses a permission the editor does not hold (403, shown).
 */
export default function RolesPage() {
  const canWrite = useCan('roles.write');
  const [creating, setCreating] = useState(false);
  const roles = useQuery({
    queryKey: [PATH],
    queryFn: () => unwrap(api.get<ListResponse<RoleResponse>>(PATH, { query: { pageSize: 100 } })),
  });
  const [edits, setEdits] = useState<Record<number, Permission[]>>({});
  useEffect(() => {
    if (roles.data) setEdits({});
  }, [roles.data]);
  const items = roles.data?.items ?? [];
  const held = (role: RoleResponse) => edits[role.id] ?? role.permissions;
  const toggle = (role: RoleResponse, permission: Permission, on: boolean) =>
    setEdits((all) => {
      const current = all[role.id] ?? role.permissions;
      return { ...all, [role.id]: on ? [...current, permission] : current.filter((item) => item !== permission) };
    });
  const saveRole = (role: RoleResponse) =>
    save(api.patch<RoleResponse>(`${PATH}/${role.id}`, { json: { permissions: held(role) } }), {
      done: `Role ${role.name} saved.`,
      invalidate: [PATH],
    });
  const remove = (role: RoleResponse) =>
    save(api.delete(`${PATH}/${role.id}`), { done: `Role ${role.name} deleted.`, invalidate: [PATH] });
  return (
    <Stack>
      <PageHeader title="Roles and permissions">
        <Can permission="roles.write">
          <Button onClick={() => setCreating(true)}>New role</Button>
        </Can>
      </PageHeader>
      <ScrollArea
        type="auto"
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Permission matrix, scrollable' }}
      >
        <Table withTableBorder withColumnBorders stickyHeader aria-label="Permissions of each role">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Permission</Table.Th>
              {items.map((role) => (
                <Table.Th key={role.id} ta="center" miw={110}>
                  <Text fw={700} size="sm">
                    {role.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {role.userCount} {role.userCount === 1 ? 'user' : 'users'}
                  </Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...GROUPS.entries()].map(([resource, permissions]) => (
              <Fragment key={resource}>
                <Table.Tr bg="gray.0">
                  <Table.Th colSpan={items.length + 1} scope="rowgroup">
                    {PERMISSION_RESOURCE_LABELS[resource] ?? resource}
                  </Table.Th>
                </Table.Tr>
                {permissions.map((permission) => (
                  <Table.Tr key={permission}>
                    <Table.Th scope="row" fw={400}>
                      <Text size="sm">{PERMISSION_DESCRIPTIONS[permission]}</Text>
                      <Code fz="xs">{permission}</Code>
                    </Table.Th>
                    {items.map((role) => (
                      <Table.Td key={role.id} ta="center">
                        <Checkbox
                          style={{ display: 'inline-block' }}
                          aria-label={`${role.name}: ${PERMISSION_DESCRIPTIONS[permission]}`}
                          checked={role.superAdmin || held(role).includes(permission)}
                          disabled={role.superAdmin || !canWrite}
                          onChange={(event) => toggle(role, permission, event.currentTarget.checked)}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Fragment>
            ))}
          </Table.Tbody>
          {canWrite && (
            <Table.Tfoot>
              <Table.Tr>
                <Table.Td />
                {items.map((role) => (
                  <Table.Td key={role.id} ta="center">
                    {!role.superAdmin && (
                      <Stack gap={4} align="center">
                        <Button size="compact-sm" disabled={!edits[role.id]} onClick={() => saveRole(role)}>
                          Save {role.name}
                        </Button>
                        <HistoryButton path={`${PATH}/${role.id}/audits`} name={role.name} />
                        {role.userCount === 0 && (
                          <Button size="compact-sm" variant="subtle" color="red" onClick={() => remove(role)}>
                            Delete {role.name}
                          </Button>
                        )}
                      </Stack>
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </ScrollArea>
      {creating && <NewRoleModal onClose={() => setCreating(false)} />}
    </Stack>
  );
}
