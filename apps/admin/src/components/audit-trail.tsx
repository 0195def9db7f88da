import { type AuditEventResponse, isPermission } from '@bcp/contract';
import { Button, Code, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { formatAuditValue, formatDateTime } from '../lib/format';
import { useCan } from '../lib/permissions';
import { ListTable, useServerList } from './list-table';

/** When an event happened, as people in South Africa read it (`26 Nov 2026, 19:05`, lib/format.ts). */
export function eventTime(event: AuditEventResponse): string {
  return formatDateTime(event.occurredAt);
}

/**
 * One before or after value of a changed field: a list of permissions as codes (the exact names a
 * role was given), anything else through `formatAuditValue` (times, dates and codes in words).
 */
function AuditValue(props: { value: string | null }) {
  const items = props.value?.split(', ') ?? [];
  if (items.length > 0 && items.every(isPermission)) {
    return (
      <Group gap={4}>
        {items.map((item) => (
          <Code key={item}>{item}</Code>
        ))}
      </Group>
    );
  }
  return formatAuditValue(props.value);
}

/**
 * The fields an event changed, with their labels and values before and after as the API words them
 * (issue 36 item 5): folded under "N changed fields" until opened.
 */
export function AuditChanges(props: { event: AuditEventResponse }) {
  const { changes } = props.event;
  if (changes.length === 0) return <Text size="sm">—</Text>;
  return (
    <details>
      <summary>
        <Text span size="sm">
          {changes.length === 1 ? '1 changed field' : `${changes.length} changed fields`}
        </Text>
      </summary>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm" mt={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={change.field}>
              <Table.Td>{change.label}</Table.Td>
              <Table.Td>
                <AuditValue value={change.before} />
              </Table.Td>
              <Table.Td>
                <AuditValue value={change.after} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </details>
  );
}

/**
 * The audit trail of one entity (`GET <path>`, e.g. `v1/funds/7/audits`, permission `audits.read`):
 * each event in words, when, and each changed field before and after; newest first. The office's
 * whole log is the "Audit log" screen.
 */
export function AuditTrail(props: { path: string }) {
  const list = useServerList<AuditEventResponse>({ path: props.path, defaultSort: { field: 'id', direction: 'desc' } });
  return (
    <Stack>
      <ListTable<AuditEventResponse>
        list={list}
        label="Audit trail"
        columns={[
          { accessor: 'occurredAt', title: 'When', width: 170, render: eventTime },
          { accessor: 'summary', title: 'What happened' },
          { accessor: 'changes', title: 'Changes', render: (event) => <AuditChanges event={event} /> },
        ]}
      />
    </Stack>
  );
}

/**
 * "History of <name>": a button (only for `audits.read`) opening the entity's audit trail in a
 * dialog, for lists whose rows have no page of their own.
 */
export function HistoryButton(props: { path: string; name: string }) {
  const [opened, setOpened] = useState(false);
  const canRead = useCan('audits.read');
  if (!canRead) return null;
  return (
    <>
      <Button size="compact-sm" variant="subtle" onClick={() => setOpened(true)}>
        History <VisuallyHidden component="span">of {props.name}</VisuallyHidden>
      </Button>
      {opened && (
        <Modal opened onClose={() => setOpened(false)} title={`History of ${props.name}`} size="xl">
          <AuditTrail path={props.path} />
        </Modal>
      )}
    </>
  );
}
