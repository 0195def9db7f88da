import type { FileUploadMappingResponse, FileUploadResponse } from '@bcp/contract';
import { type ApiError, errorMessage, unwrap } from '@bcp/web-client';
import { Alert, Badge, Button, Checkbox, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api';
import { notifyDone } from '../../lib/form';
import { queryClient } from '../../lib/query-client';

/** A 422's messages by target field (`mapping.id_number` or `id_number`), else none. */
function fieldErrors(error: ApiError): Record<string, string> {
  const fields = (error.body as { errors?: Record<string, string[]> } | undefined)?.errors ?? {};
  return Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [field.replace(/^mapping\./, ''), messages.join(' ')]),
  );
}

/**
 * Mapping an uploaded file's columns (`GET file-uploads/mapping?fileUploadId=`, then
 * `POST file-uploads/mapping`): each target field (required ones marked) with the column chosen
 * for it (the server's suggestion first) and that column's sample cells under it. Saving starts
 * the row checks.
 */
export function MappingForm(props: { upload: FileUploadResponse; canWrite: boolean }) {
  const mapping = useQuery({
    queryKey: ['v1/file-uploads/mapping', props.upload.id],
    queryFn: () =>
      unwrap(
        api.get<FileUploadMappingResponse>('v1/file-uploads/mapping', { query: { fileUploadId: props.upload.id } }),
      ),
  });
  const [chosen, setChosen] = useState<Record<string, string | null> | null>(null);
  const [saveForFund, setSaveForFund] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (mapping.isPending) return <Loader aria-label="Loading the columns" />;
  if (mapping.error || !mapping.data)
    return (
      <Alert color="red" role="alert">
        Could not read the file's columns. Please try again.
      </Alert>
    );
  const { fields, header = [], sampleRows = [] } = mapping.data;
  const values = chosen ?? { ...(mapping.data.suggestedMapping ?? {}) };
  const columnIndex = (column: string | null | undefined) => (column ? header.indexOf(column) : -1);

  const submit = async () => {
    const missing = fields.filter((field) => field.required && !values[field.key]);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((field) => [field.key, 'Choose the column for this required field.'])));
      return;
    }
    setBusy(true);
    const picked = Object.fromEntries(Object.entries(values).filter(([, column]) => column)) as Record<string, string>;
    const result = await api.post<FileUploadResponse>('v1/file-uploads/mapping', {
      json: { fileUploadId: props.upload.id, mapping: picked, saveMappingForFund: saveForFund },
    });
    setBusy(false);
    if (result.error) {
      setErrors(fieldErrors(result.error));
      setProblem(errorMessage(result.error));
      return;
    }
    notifyDone('Mapping saved. The rows are being checked.');
    await queryClient.invalidateQueries({ queryKey: ['v1/file-uploads'] });
  };

  return (
    <Stack>
      <Title order={2} size="h3">
        Map the columns
      </Title>
      <Text size="sm">
        Each field the platform reads, and the file's column it comes from. The suggestion is filled in; fields marked
        required must have a column. The first rows of the file show under each choice.
      </Text>
      <Table withTableBorder verticalSpacing="sm" aria-label="Column mapping">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Field</Table.Th>
            <Table.Th scope="col">Column in the file</Table.Th>
            <Table.Th scope="col">Sample cells</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field) => {
            const index = columnIndex(values[field.key]);
            return (
              <Table.Tr key={field.key}>
                <Table.Th scope="row" fw={500}>
                  <Group gap={6}>
                    {field.label}
                    {field.required && (
                      <Badge size="xs" color="red" variant="light">
                        required
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" fw={400}>
                    {field.formatHint}
                  </Text>
                </Table.Th>
                <Table.Td w={240}>
                  <Select
                    aria-label={`Column for ${field.label}`}
                    placeholder={field.required ? 'Choose a column' : 'Not in the file'}
                    data={header.filter((column, at) => column && header.indexOf(column) === at)}
                    value={values[field.key] ?? null}
                    clearable={!field.required}
                    disabled={!props.canWrite || busy}
                    error={errors[field.key]}
                    onChange={(column) => {
                      setChosen({ ...values, [field.key]: column });
                      setErrors({ ...errors, [field.key]: '' });
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  {index >= 0 ? (
                    <Text size="xs" component="div" data-testid={`samples-${field.key}`}>
                      {sampleRows.map((row, rowIndex) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no identity but their order
                        <div key={rowIndex}>{row[index] || '—'}</div>
                      ))}
                    </Text>
                  ) : (
                    <Text size="xs" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {props.canWrite ? (
        <Group justify="space-between">
          <Checkbox
            label="Suggest this mapping for the fund's next file of this type"
            checked={saveForFund}
            onChange={(event) => setSaveForFund(event.currentTarget.checked)}
          />
          <Button onClick={submit} loading={busy}>
            Save mapping and check the rows
          </Button>
        </Group>
      ) : (
        <Text c="dimmed">Someone with permission to upload files chooses the mapping.</Text>
      )}
    </Stack>
  );
}
