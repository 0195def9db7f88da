import { FINDING_LEVEL_LABELS, type FileUploadResponse, fieldLabel } from '@bcp/contract';
import { Badge, Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from '../../lib/files';

type Finding = NonNullable<FileUploadResponse['rowFindings']>[number];

/** One count with its label. */
function Count(props: { label: string; value: number; color?: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      <Text fz={24} fw={700} c={props.color}>
        {props.value}
      </Text>
    </Stack>
  );
}

/**
 * What the row checks found (issue 20 "review counts and row errors"): valid, refused and warned
 * rows; the first findings (errors first, as `GET file-uploads/{id}` gives them), filtered here by
 * level and message; the refused rows as in the file (`download?file=errors`) and the file itself.
 */
export function UploadFindings(props: { upload: FileUploadResponse }) {
  const { upload } = props;
  const [level, setLevel] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const findings = upload.rowFindings ?? [];
  const needle = message.trim().toLowerCase();
  const shown = findings.filter(
    (finding: Finding) =>
      (!level || finding.level === level) && (!needle || finding.message.toLowerCase().includes(needle)),
  );
  const base = (upload.fileName ?? `upload-${upload.id}`).replace(/\.[^.]+$/, '');
  return (
    <Stack>
      <SimpleGrid cols={4}>
        <Count label="Rows read" value={upload.progress.rowsRead} />
        <Count label="Valid rows" value={upload.counts.valid} color="teal.8" />
        <Count label="Refused rows" value={upload.counts.refused} color={upload.counts.refused ? 'red.8' : undefined} />
        <Count label="Rows with warnings" value={upload.counts.warnings} />
      </SimpleGrid>
      <Group>
        {upload.counts.refused > 0 && (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              downloadFile(`v1/file-uploads/${upload.id}/download`, `${base}-refused-rows.csv`, { file: 'errors' })
            }
          >
            Download the refused rows
          </Button>
        )}
        {upload.fileName && (
          <Button
            variant="subtle"
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              downloadFile(`v1/file-uploads/${upload.id}/download`, upload.fileName ?? 'upload', { file: 'original' })
            }
          >
            Download the file as uploaded
          </Button>
        )}
      </Group>
      {findings.length > 0 && (
        <>
          <Title order={2} size="h3">
            Row findings
          </Title>
          <Text size="sm" c="dimmed">
            Errors refuse a row; warnings keep it for your review. The first {findings.length} findings are shown
            {upload.counts.refused + upload.counts.warnings > findings.length
              ? '; download the refused rows for all'
              : ''}
            .
          </Text>
          <Group>
            <Select
              aria-label="Level"
              placeholder="Errors and warnings"
              clearable
              w={200}
              data={[
                { value: 'error', label: 'Errors' },
                { value: 'warning', label: 'Warnings' },
              ]}
              value={level}
              onChange={setLevel}
            />
            <TextInput
              aria-label="Message contains"
              placeholder="Message contains…"
              w={260}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
            />
          </Group>
          <Table withTableBorder striped aria-label="Row findings">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Line</Table.Th>
                <Table.Th scope="col">Level</Table.Th>
                <Table.Th scope="col">Field</Table.Th>
                <Table.Th scope="col">Message</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((finding) => (
                <Table.Tr key={`${finding.line}-${finding.field}-${finding.message}`}>
                  <Table.Td>{finding.line}</Table.Td>
                  <Table.Td>
                    <Badge color={finding.level === 'error' ? 'red' : 'grape'} variant="light">
                      {FINDING_LEVEL_LABELS[finding.level]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{fieldLabel(finding.field)}</Table.Td>
                  <Table.Td>{finding.message}</Table.Td>
                </Table.Tr>
              ))}
              {shown.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>No finding matches these filters.</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
