import type { AuditEventResponse } from '@bcp/contract';
import { Button, Code, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useCan } from '../lib/permissions';
import { ListTable, useServerList } from './list-table';

/** A value as it reads in the trail: text as is, anything else as JSON; absent as a dash. */
function show(value: unknown): string {
  if (value === undefined || value === null) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields an event changed, each with its value before and after. */
function Changes(props: { event: AuditEventResponse }) {
  const { before, after } = props.event;
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (fields.length === 0) return <Text size="sm">—</Text>;
  return (
    <Table withRowBorders={false} verticalSpacing={2} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>Before</Table.Th>
          <Table.Th>After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => (
          <Table.Tr key={field}>
            <Table.Td>{field}</Table.Td>
            <Table.Td>
              <Code>{show(before?.[field])}</Code>
            </Table.Td>
            <Table.Td>
              <Code>{show(after?.[field])}</Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The audit trail of one entity (`GET <path>`, e.g. `v1/funds/7/audits`, permission `audits.read`):
 * who, when, what, and each changed field before and after; newest first.
 */
export function AuditTrail(props: { path: string }) {
  const list = useServerList<AuditEventResponse>({ path: props.path, defaultSort: { field: 'id', direction: 'desc' } });
  return (
    <Stack>
      <ListTable<AuditEventResponse>
        list={list}
        label="Audit trail"
        columns={[
          {
            accessor: 'occurredAt',
            title: 'When',
            width: 170,
            render: (event) => new Date(event.occurredAt).toLocaleString('en-ZA'),
          },
          {
            accessor: 'actor',
            title: 'Who',
            width: 200,
            render: (event) => event.actor.label ?? `${event.actor.type}${event.actor.id ? ` ${event.actor.id}` : ''}`,
          },
          { accessor: 'action', title: 'What', width: 180 },
          { accessor: 'changes', title: 'Changes', render: (event) => <Changes event={event} /> },
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
