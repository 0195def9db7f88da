import {
  type AdminPasswordResetResponse,
  type AdminPersonUserResponse,
  DEVICE_SOURCE_LABELS,
  IDENTITY_CHECK_STATUS_LABELS,
} from '@bcp/contract';
import { ApiQueryError, unwrap } from '@bcp/web-client';
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Field } from '../../components/field';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { Can } from '../../lib/permissions';
import { save } from '../../lib/save';
import { CloseAccountModal } from './person-forms';

function when(value: string | null): string {
  return formatDateTime(value);
}

/**
 * The person's member account (`GET benefits/{benefitId}/user`, audited): sign-up details,
 * identity checks, devices (tokens masked); "Send a password reset PIN" and "Close account" for
 * `persons.write`.
 */
export function PersonAccount(props: { benefitId: number; personId: number }) {
  const path = `v1/benefits/${props.benefitId}/user`;
  const [closing, setClosing] = useState(false);
  const account = useQuery({
    queryKey: ['v1/benefits', props.benefitId, 'user'],
    queryFn: () => unwrap(api.get<AdminPersonUserResponse>(path)),
  });
  if (account.isPending) return <Loader aria-label="Loading the account" />;
  if (account.error) {
    const notFound = account.error instanceof ApiQueryError && account.error.error.status === 404;
    return (
      <Alert color={notFound ? 'blue' : 'red'} role={notFound ? undefined : 'alert'}>
        {notFound ? 'This person has not signed up.' : 'The account could not be loaded.'}
      </Alert>
    );
  }
  const user = account.data;
  const sendPin = () =>
    save(api.patch<AdminPasswordResetResponse>(`v1/benefits/person/password/${props.personId}`), {
      done: 'A password reset PIN was sent.',
      invalidate: [],
    });
  return (
    <Stack>
      <Card withBorder>
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            Member account
          </Title>
          {!user.closedAt && (
            <Can permission="persons.write">
              <Group gap="xs">
                <Button size="compact-sm" variant="default" onClick={sendPin}>
                  Send a password reset PIN
                </Button>
                <Button size="compact-sm" color="red" variant="light" onClick={() => setClosing(true)}>
                  Close account
                </Button>
              </Group>
            </Can>
          )}
        </Group>
        <SimpleGrid cols={3}>
          <Field label="Email">{user.email ?? '—'}</Field>
          <Field label="Cellphone">{user.phoneNumber ?? '—'}</Field>
          <Field label="PIN by">{user.notificationSettings.twoFactorMethod}</Field>
          <Field label="Identity check">
            {user.iidentifiiVerified ? `Passed ${when(user.iidentifiiVerifiedAt)}` : 'Not passed'}
          </Field>
          <Field label="Signed up">{when(user.createdAt)}</Field>
          <Field label="Locked">{when(user.lockedAt)}</Field>
          <Field label="Closed">{when(user.closedAt)}</Field>
          <Field label="Failed sign-ins">{user.failedLoginCount}</Field>
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Devices
        </Title>
        {user.devices.length === 0 ? (
          <Text c="dimmed">No devices registered for notifications.</Text>
        ) : (
          <Table fz="sm" aria-label="Devices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Token</Table.Th>
                <Table.Th>Registered</Table.Th>
                <Table.Th>Refreshed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {user.devices.map((device) => (
                <Table.Tr key={device.id}>
                  <Table.Td>{DEVICE_SOURCE_LABELS[device.source]}</Table.Td>
                  <Table.Td>…{device.tokenMasked}</Table.Td>
                  <Table.Td>{when(device.createdAt)}</Table.Td>
                  <Table.Td>{when(device.refreshedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Identity checks
        </Title>
        {user.identityChecks.length === 0 ? (
          <Text c="dimmed">No identity checks.</Text>
        ) : (
          <Table fz="sm" aria-label="Identity checks">
            <Table.Tbody>
              {user.identityChecks.map((check) => (
                <Table.Tr key={check.id}>
                  <Table.Td>{check.provider}</Table.Td>
                  <Table.Td>{IDENTITY_CHECK_STATUS_LABELS[check.status]}</Table.Td>
                  <Table.Td>{check.failureReason ?? ''}</Table.Td>
                  <Table.Td>{when(check.completedAt ?? check.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      {closing && <CloseAccountModal personId={props.personId} onClose={() => setClosing(false)} />}
    </Stack>
  );
}
