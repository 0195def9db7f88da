import { FILE_UPLOAD_STATUSES, FILE_UPLOAD_TYPES, type FileUploadResponse, type FundResponse } from '@bcp/contract';
import { Badge, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { FilterSelect, ListTable, useServerList } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format';
import { useOptions } from '../../lib/options';
import { Can } from '../../lib/permissions';
import { UPLOAD_STATUS, UPLOAD_TYPE_LABELS } from './upload-labels';

/** Member data uploads (`GET file-uploads`): by fund, type and status, newest first; a row opens it. */
export default function UploadsPage() {
  const [fundId, setFundId] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const funds = useOptions<FundResponse>('v1/funds', (fund) => fund.name);
  const list = useServerList<FileUploadResponse>({
    path: 'v1/file-uploads',
    defaultSort: { field: 'id', direction: 'desc' },
    filter: { fundId, type, status },
  });
  return (
    <>
      <PageHeader title="Uploads">
        <Can permission="file-uploads.write">
          <Button component={Link} href="/uploads/new">
            New upload
          </Button>
        </Can>
      </PageHeader>
      <ListTable<FileUploadResponse>
        list={list}
        label="Uploads"
        toolbar={
          <Group mb="sm">
            <FilterSelect
              label="Fund"
              placeholder="Any fund"
              data={funds}
              value={fundId}
              onChange={setFundId}
              list={list}
            />
            <FilterSelect
              label="Type"
              placeholder="Any type"
              data={FILE_UPLOAD_TYPES.map((value) => ({ value, label: UPLOAD_TYPE_LABELS[value] }))}
              value={type}
              onChange={setType}
              list={list}
            />
            <FilterSelect
              label="Status"
              placeholder="Any status"
              data={FILE_UPLOAD_STATUSES.map((value) => ({ value, label: UPLOAD_STATUS[value].label }))}
              value={status}
              onChange={setStatus}
              list={list}
            />
          </Group>
        }
        rowHref={(upload) => `/uploads/${upload.id}`}
        columns={[
          { accessor: 'id', title: 'No.', sortable: true },
          { accessor: 'fileName', title: 'File', render: (upload) => upload.fileName ?? '—' },
          { accessor: 'fundName', title: 'Fund' },
          { accessor: 'type', title: 'Type', render: (upload) => UPLOAD_TYPE_LABELS[upload.type] },
          {
            accessor: 'counts',
            title: 'Valid / refused',
            textAlign: 'right',
            render: (upload) => `${upload.counts.valid} / ${upload.counts.refused}`,
          },
          { accessor: 'uploadedBy', title: 'Uploaded by', render: (upload) => upload.uploadedBy?.name ?? 'System' },
          {
            accessor: 'createdAt',
            title: 'Uploaded',
            sortable: true,
            render: (upload) => formatDateTime(upload.createdAt),
          },
          {
            accessor: 'status',
            title: 'Status',
            sortable: true,
            noWrap: true,
            render: (upload) => (
              <Badge color={UPLOAD_STATUS[upload.status].color} variant="light">
                {UPLOAD_STATUS[upload.status].label}
              </Badge>
            ),
          },
        ]}
      />
    </>
  );
}
