import {
  type AdminIdentityImageListResponse,
  type AdminSourceRowResponse,
  fieldLabel,
  IDENTITY_IMAGE_KIND_LABELS,
} from '@bcp/contract';
import { errorMessage } from '@bcp/web-client';
import { Alert, Badge, Button, Card, Image, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import { ListTable, useServerList } from '../../components/list-table';
import { api } from '../../lib/api';
import { formatDateTime, formatFieldValue } from '../../lib/format';

/** Every uploaded row that named the person (`GET benefits/person/source/{personId}`, audited). */
export function PersonSourceRows(props: { personId: number }) {
  const list = useServerList<AdminSourceRowResponse>({
    path: `v1/benefits/person/source/${props.personId}`,
    defaultSort: { field: 'line', direction: 'asc' },
  });
  return (
    <ListTable<AdminSourceRowResponse>
      list={list}
      label="Source rows"
      idAccessor={'line' as keyof AdminSourceRowResponse & string}
      columns={[
        {
          accessor: 'upload',
          title: 'File',
          render: (row) => row.upload.fileName ?? `Upload ${row.upload.id}`,
        },
        { accessor: 'line', title: 'Line', sortable: true },
        {
          accessor: 'values',
          title: 'Values',
          render: (row) =>
            Object.entries(row.values)
              .filter(([field]) => field !== 'id_number')
              .map(([field, value]) => `${fieldLabel(field)}: ${formatFieldValue(field, value)}`)
              .join('; '),
        },
        {
          accessor: 'findings',
          title: 'Findings',
          render: (row) =>
            row.findings.length === 0
              ? '—'
              : row.findings.map((finding) => (
                  <Badge
                    key={`${finding.field}-${finding.message}`}
                    color={finding.level === 'error' ? 'red' : 'yellow'}
                    variant="light"
                    display="block"
                  >
                    {fieldLabel(finding.field)}: {finding.message}
                  </Badge>
                )),
        },
        { accessor: 'refused', title: 'Refused', render: (row) => (row.refused ? 'Yes' : 'No') },
      ]}
    />
  );
}

/**
 * The images the person's identity checks took (`GET benefits/person/images`): fetched only when
 * asked for ("Show identity images"), since each view is audited.
 */
export function PersonIdentityImages(props: { personId: number }) {
  const [images, setImages] = useState<AdminIdentityImageListResponse['items'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = async () => {
    setBusy(true);
    const result = await api.get<AdminIdentityImageListResponse>('v1/benefits/person/images', {
      query: { personId: props.personId },
    });
    setBusy(false);
    if (result.error) setFailure(errorMessage(result.error));
    else setImages(result.data.items);
  };
  if (failure) return <Alert color="yellow">{failure}</Alert>;
  if (!images) {
    return (
      <Button variant="default" loading={busy} onClick={load} w="fit-content">
        Show identity images (audited)
      </Button>
    );
  }
  if (images.length === 0) return <Text c="dimmed">No identity images.</Text>;
  return (
    <SimpleGrid cols={3}>
      {images.map((image) => (
        <Card key={image.id} withBorder>
          <Image
            src={image.dataUrl}
            alt={`Identity check ${image.identityCheckId}: ${IDENTITY_IMAGE_KIND_LABELS[image.kind] ?? fieldLabel(image.kind)}`}
            mah={260}
            fit="contain"
          />
          <Text size="sm" mt="xs">
            {IDENTITY_IMAGE_KIND_LABELS[image.kind] ?? fieldLabel(image.kind)}, {formatDateTime(image.createdAt)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
