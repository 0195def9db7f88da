import {
  type ListResponse,
  PARTNER_FILE_STATUS_LABELS,
  type PartnerFileResponse,
  type TracingPartnerResponse,
} from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Alert, Badge, Button, Group, Loader, Menu, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { downloadFile } from '../../lib/files';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { save } from '../../lib/save';

const PATH = 'v1/file-download/partners';
const STATUS_COLOR = { queued: 'blue', ready: 'teal', failed: 'red' } as const;

/** A partner's latest file: its state, rows and until when it may be downloaded. */
function LatestFile(props: { file: PartnerFileResponse | null }) {
  const { file } = props;
  if (!file) return <Text c="dimmed">None yet</Text>;
  return (
    <Group gap="xs">
      <Badge color={STATUS_COLOR[file.status]} variant="light">
        {PARTNER_FILE_STATUS_LABELS[file.status]}
      </Badge>
      <Text size="sm">
        {file.format.toUpperCase()}, {file.rowCount} persons, {formatDateTime(file.createdAt)}
      </Text>
    </Group>
  );
}

/**
 * Files for tracing partners (`GET file-download/partners`, decision 024): each partner with its
 * funds and the persons still to trace; generate a CSV or XLSX (`file-downloads.generate`, a job:
 * the list is read again every 2 s while one is being built) and download the latest.
 */
export default function PartnerFilesPage() {
  const canGenerate = useCan('file-downloads.generate');
  const partners = useQuery({
    queryKey: [PATH],
    queryFn: () => unwrap(api.get<ListResponse<TracingPartnerResponse>>(PATH)),
    refetchInterval: (query) =>
      query.state.data?.items.some((partner) => partner.latestFile?.status === 'queued') ? 2000 : false,
  });
  const generate = (partner: TracingPartnerResponse, format: 'csv' | 'xlsx') =>
    save(api.get(`v1/file-download/${partner.id}/generate`, { query: { format } }), {
      done: `The file for ${partner.name} is being built.`,
      invalidate: [PATH],
    });
  return (
    <>
      <PageHeader title="Partner files" />
      <Text size="sm" c="dimmed" mb="md">
        The persons of each tracing partner’s funds with an unclaimed benefit and no phone or email. The partner answers
        with a trace results upload.
      </Text>
      {partners.isPending && <Loader aria-label="Loading the partners" />}
      {partners.error && (
        <Alert color="red" role="alert">
          Could not load the tracing partners. Please try again.
        </Alert>
      )}
      {partners.data && (
        <Table withTableBorder verticalSpacing="sm" aria-label="Tracing partners">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Partner</Table.Th>
              <Table.Th scope="col">Funds</Table.Th>
              <Table.Th scope="col" ta="right">
                To trace
              </Table.Th>
              <Table.Th scope="col">Latest file</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {partners.data.items.map((partner) => (
              <Table.Tr key={partner.id}>
                <Table.Th scope="row">{partner.name}</Table.Th>
                <Table.Td>{partner.funds.map((fund) => fund.name).join(', ') || '—'}</Table.Td>
                <Table.Td ta="right">{partner.needTracing}</Table.Td>
                <Table.Td>
                  <LatestFile file={partner.latestFile} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {canGenerate && (
                      <Menu>
                        <Menu.Target>
                          <Button size="compact-sm" aria-label={`Generate a file for ${partner.name}`}>
                            Generate
                          </Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => generate(partner, 'csv')}>CSV</Menu.Item>
                          <Menu.Item onClick={() => generate(partner, 'xlsx')}>Excel (XLSX)</Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    )}
                    {partner.latestFile?.status === 'ready' && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        leftSection={<IconDownload size={14} />}
                        aria-label={`Download the latest file for ${partner.name}`}
                        onClick={() =>
                          downloadFile(
                            `v1/file-download/${partner.id}/download`,
                            `trace-${partner.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${partner.latestFile?.id}.${partner.latestFile?.format}`,
                            { file: partner.latestFile?.id },
                          )
                        }
                      >
                        Download
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
            {partners.data.items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>No tracing partner receives files yet.</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
