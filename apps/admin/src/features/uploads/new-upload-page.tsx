import { FILE_UPLOAD_TYPES, type FileUploadResponse, type FundResponse } from '@bcp/contract';
import { errorMessage } from '@bcp/web-client';
import { Button, Group, Progress, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { FileDrop } from '../../components/file-drop';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { notifyDone } from '../../lib/form';
import { useOptions } from '../../lib/options';
import { queryClient } from '../../lib/query-client';
import { UPLOAD_TYPE_LABELS } from './upload-labels';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A new upload (issue 20 "Uploads"): the type and fund, then the file dragged in or chosen; it is
 * created (`POST file-uploads`, no mapping yet) and sent (`POST file-uploads/upload`) with a
 * progress bar, then the upload's page asks for the column mapping.
 */
export default function NewUploadPage() {
  const [, navigate] = useLocation();
  const funds = useOptions<FundResponse>('v1/funds', (fund) => fund.name, { 'filter[status]': 'active' });
  const [type, setType] = useState<string | null>('member_file');
  const [fundId, setFundId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<{ field: 'fund' | 'file' | 'form'; message: string } | null>(null);

  const send = async () => {
    if (!fundId) return setProblem({ field: 'fund', message: 'Choose the fund.' });
    if (!file) return setProblem({ field: 'file', message: 'Choose the file to upload.' });
    setProblem(null);
    setProgress(0);
    const created = await api.post<FileUploadResponse>('v1/file-uploads', { json: { fundId: Number(fundId), type } });
    if (created.error) {
      setProgress(null);
      return setProblem({ field: 'form', message: errorMessage(created.error) });
    }
    const form = new FormData();
    form.append('file', file);
    const sent = await api.upload<FileUploadResponse>('v1/file-uploads/upload', form, {
      query: { fileUploadId: created.data.id },
      onProgress: setProgress,
    });
    if (sent.error) {
      setProgress(null);
      return setProblem({ field: 'file', message: errorMessage(sent.error) });
    }
    await queryClient.invalidateQueries({ queryKey: ['v1/file-uploads'] });
    notifyDone('File uploaded. Choose how its columns map.');
    navigate(`/uploads/${created.data.id}`);
  };

  const busy = progress !== null;
  return (
    <>
      <PageHeader title="New upload" />
      <Stack maw={640}>
        <Group grow align="flex-start">
          <Select
            label="Type of file"
            required
            allowDeselect={false}
            data={FILE_UPLOAD_TYPES.map((value) => ({ value, label: UPLOAD_TYPE_LABELS[value] }))}
            value={type}
            onChange={setType}
            disabled={busy}
          />
          <Select
            label="Fund"
            required
            searchable
            placeholder="Choose the fund"
            data={funds}
            value={fundId}
            onChange={setFundId}
            disabled={busy}
            error={problem?.field === 'fund' ? problem.message : undefined}
          />
        </Group>
        <FileDrop
          label="The file (CSV or Excel)"
          accept={ACCEPT}
          file={file}
          onChange={setFile}
          hint="CSV (comma, semicolon, tab or |) or XLSX (first sheet), at most 200 MB."
          error={problem?.field === 'file' ? problem.message : null}
          disabled={busy}
        />
        {busy && (
          <Stack gap={4}>
            <Text size="sm">
              Uploading {file?.name}: {Math.round((progress ?? 0) * 100)}%
            </Text>
            <Progress value={(progress ?? 0) * 100} aria-label="Upload progress" animated />
          </Stack>
        )}
        {problem?.field === 'form' && (
          <Text c="red.8" role="alert">
            {problem.message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate('/uploads')} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={send} loading={busy}>
            Upload
          </Button>
        </Group>
      </Stack>
    </>
  );
}
