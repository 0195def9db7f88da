import type { FileUploadResponse } from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Alert, Anchor, Badge, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { MappingForm } from './mapping-form';
import { UploadDecision } from './upload-decision';
import { UploadFindings } from './upload-findings';
import { UPLOAD_BUSY_STATUSES, UPLOAD_STATUS, UPLOAD_TYPE_LABELS } from './upload-labels';

/** How far the row checks are (rows read of the total, estimated until the end). */
function CheckProgress(props: { upload: FileUploadResponse }) {
  const { rowsRead, totalRows } = props.upload.progress;
  const value = totalRows ? Math.min(100, (rowsRead / totalRows) * 100) : 0;
  const words =
    props.upload.status === 'accepting'
      ? 'Loading the valid rows…'
      : `Checking the rows: ${rowsRead} of ${totalRows ?? 'an unknown number of'} read`;
  return (
    <Stack gap={4} maw={640}>
      <Text size="sm">{words}</Text>
      <Progress value={props.upload.status === 'accepting' ? 100 : value} animated aria-label="Row check progress" />
    </Stack>
  );
}

/** Whether a job works on the upload now (its checks, waiting to start or running, or its load). */
function isBusy(upload: FileUploadResponse): boolean {
  return UPLOAD_BUSY_STATUSES.includes(upload.status) || (upload.status === 'uploaded' && upload.mapping !== null);
}

/**
 * One upload (`GET file-uploads/{id}`, polled every 2 s while a job works on it): map its columns,
 * watch the checks, review counts and findings, accept or reject.
 */
export default function UploadPage() {
  const { id } = useParams<{ id: string }>();
  const canWrite = useCan('file-uploads.write');
  const upload = useQuery({
    queryKey: ['v1/file-uploads', Number(id)],
    queryFn: () => unwrap(api.get<FileUploadResponse>(`v1/file-uploads/${id}`)),
    refetchInterval: (query) => (query.state.data && isBusy(query.state.data) ? 2000 : false),
  });
  if (upload.isPending) return <Loader aria-label="Loading the upload" />;
  if (upload.error || !upload.data)
    return (
      <Alert color="red" role="alert">
        Could not load this upload. It may not exist; please try again.
      </Alert>
    );
  const data = upload.data;
  const status = UPLOAD_STATUS[data.status];
  return (
    <>
      <PageHeader title={`Upload ${data.id}: ${data.fileName ?? 'no file yet'}`}>
        <Anchor component={Link} href="/uploads">
          All uploads
        </Anchor>
      </PageHeader>
      <Stack>
        <Group gap="lg">
          <Badge size="lg" color={status.color} variant="light" data-testid="upload-status">
            {status.label}
          </Badge>
          <Text size="sm">
            {UPLOAD_TYPE_LABELS[data.type]} for <strong>{data.fundName}</strong>, uploaded by{' '}
            {data.uploadedBy?.name ?? 'the system'} on {formatDateTime(data.createdAt)}
          </Text>
        </Group>
        {data.failureReason && (
          <Alert color="red" role="alert" title="The file could not be used">
            {data.failureReason}
          </Alert>
        )}
        {data.status === 'uploaded' && !data.mapping && <MappingForm upload={data} canWrite={canWrite} />}
        {data.status === 'awaiting_file' && <Text>The file was not uploaded. Start a new upload to send it.</Text>}
        {isBusy(data) && <CheckProgress upload={data} />}
        {['validated', 'accepting', 'accepted', 'rejected'].includes(data.status) && <UploadFindings upload={data} />}
        {data.status === 'validated' && (
          <>
            <Title order={2} size="h3">
              Decision
            </Title>
            <UploadDecision upload={data} />
          </>
        )}
        {data.decision && (
          <Alert
            color={data.status === 'rejected' ? 'gray' : 'teal'}
            title={`${status.label} by ${data.decision.by.name}`}
          >
            {data.decision.note ?? 'No note.'}
            {data.status === 'accepted' && ` ${data.importedCount} rows loaded.`}
          </Alert>
        )}
      </Stack>
    </>
  );
}
