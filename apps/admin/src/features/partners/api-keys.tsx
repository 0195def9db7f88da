import {
  type ApiKeyResponse,
  CreateApiKeyRequest,
  type CreatedApiKeyResponse,
  type ListResponse,
  PARTNER_MESSAGES,
} from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { StatusBadge } from '../../components/list-table';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { Can } from '../../lib/permissions';
import { save } from '../../lib/save';

const when = (iso: string | null) => formatDateTime(iso);

/** The whole key of a new or rotated key: shown this once, with a copy button; gone when closed. */
function ShownOnce(props: { created: CreatedApiKeyResponse; onClose: () => void }) {
  return (
    <Modal opened onClose={props.onClose} title={`API key ${props.created.name}`} size="lg">
      <Stack>
        <Alert color="yellow" role="alert">
          {PARTNER_MESSAGES.keyShownOnce}
        </Alert>
        <Code block data-testid="new-api-key">
          {props.created.key}
        </Code>
        <Group justify="space-between">
          <CopyButton value={props.created.key}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'light' : 'filled'} onClick={copy}>
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={props.onClose}>
            I have copied it
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * A partner's API keys (`GET partners/{id}/api-keys`, by their visible prefix): create, rotate and
 * revoke (`partners.keys`). A new key's secret is shown once and never again.
 */
export function ApiKeys(props: { partnerId: number }) {
  const path = `v1/partners/${props.partnerId}/api-keys`;
  const [created, setCreated] = useState<CreatedApiKeyResponse | null>(null);
  const keys = useQuery({
    queryKey: [path],
    queryFn: () => unwrap(api.get<ListResponse<ApiKeyResponse>>(path)),
  });
  const form = useForm({ initialValues: { name: '' }, validate: schemaResolver(CreateApiKeyRequest, { sync: true }) });
  const invalidate = [path, 'v1/partners'];
  const create = form.onSubmit(async (values) => {
    const key = await save(api.post<CreatedApiKeyResponse>(path, { json: values }), {
      done: 'API key created.',
      invalidate,
      form,
    });
    if (key) {
      form.reset();
      setCreated(key);
    }
  });
  const rotate = async (key: ApiKeyResponse) => {
    const replacement = await save(api.post<CreatedApiKeyResponse>(`${path}/${key.id}/rotate`), {
      done: `${key.name} rotated: the old key no longer works.`,
      invalidate,
    });
    if (replacement) setCreated(replacement);
  };
  const revoke = (key: ApiKeyResponse) =>
    save(api.delete(`${path}/${key.id}`), { done: `${key.name} revoked.`, invalidate });
  return (
    <Stack>
      <Can permission="partners.keys">
        <form onSubmit={create} noValidate>
          <Group align="flex-end">
            <TextInput label="New key name" placeholder="e.g. Production" {...form.getInputProps('name')} />
            <Button type="submit" loading={form.submitting}>
              Create API key
            </Button>
          </Group>
        </form>
      </Can>
      <Table withTableBorder aria-label="API keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Key starts with</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(keys.data?.items ?? []).length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed">No keys yet.</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {(keys.data?.items ?? []).map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>{key.name}</Table.Td>
              <Table.Td>
                <Code>{key.prefix}…</Code>
              </Table.Td>
              <Table.Td>{when(key.createdAt)}</Table.Td>
              <Table.Td>{when(key.lastUsedAt)}</Table.Td>
              <Table.Td>
                <StatusBadge on={!key.revokedAt} yes="active" no="revoked" />
              </Table.Td>
              <Table.Td>
                {!key.revokedAt && (
                  <Can permission="partners.keys">
                    <Group gap="xs" wrap="nowrap">
                      <Button size="compact-sm" variant="default" onClick={() => rotate(key)}>
                        Rotate {key.name}
                      </Button>
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => revoke(key)}>
                        Revoke {key.name}
                      </Button>
                    </Group>
                  </Can>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {created && <ShownOnce created={created} onClose={() => setCreated(null)} />}
    </Stack>
  );
}
