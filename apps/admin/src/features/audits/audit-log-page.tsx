import type { AuditEventResponse, AuditLogFiltersResponse } from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Group, Select, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AuditChanges, eventTime } from '../../components/audit-trail';
import { CursorTable, cursorListQuery, useCursorList } from '../../components/cursor-list';
import { ExportMenu } from '../../components/export-menu';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { DATE_INPUT_FORMAT } from '../../lib/format';

/** The actors one can filter by besides each staff user (`staff:<id>`). */
const OTHER_ACTORS = [
  { value: 'member', label: 'Any member' },
  { value: 'partner', label: 'Any partner (API)' },
  { value: 'system', label: 'The system' },
];

/** `staff:12` -> actorType `staff`, actorId `12`; `member` -> actorType only. */
function actorFilter(actor: string | null): { actorType?: string; actorId?: string } {
  if (!actor) return {};
  const [actorType, actorId] = actor.split(':');
  return { actorType, ...(actorId ? { actorId } : {}) };
}

/**
 * The office's audit log (issue 36 item 5; `GET audits`, permission `audits.read`): every event in
 * words, newest first, filtered by actor (a staff user by name, any member, any partner, the
 * system), action, record type and id, and days; each row's changed fields unfold with their values
 * before and after. "Export" downloads what the filters find, in words, as CSV or Excel.
 */
export default function AuditLogPage() {
  const choices = useQuery({
    queryKey: ['v1/audits/filters'],
    queryFn: () => unwrap(api.get<AuditLogFiltersResponse>('v1/audits/filters')),
  });
  const [actor, setActor] = useState<string | null>(null);
  const [action, setAction] = useState<string | null>(null);
  const [entityType, setEntityType] = useState<string | null>(null);
  const [entityIdText, setEntityIdText] = useState('');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [entityId] = useDebouncedValue(entityIdText.trim(), 300);
  const filters = {
    sort: 'id:desc',
    filter: { ...actorFilter(actor), action, entityType, entityId, occurredFrom: from, occurredTo: to },
  };
  const list = useCursorList<AuditEventResponse>({ path: 'v1/audits', ...filters });
  const staff = (choices.data?.staff ?? []).map((user) => ({ value: `staff:${user.value}`, label: user.label }));
  return (
    <>
      <PageHeader title="Audit log">
        <ExportMenu
          path="v1/audits/export"
          query={cursorListQuery(filters)}
          name="audit-log"
          permission="audits.read"
        />
      </PageHeader>
      <Text size="sm" c="dimmed" mb="md" maw={760}>
        Every change, and every view or export of personal data, in the back office, the member app and the partner API.
        Events cannot be changed or removed: each is chained to the one before by its hash within a minute of being
        written.
      </Text>
      <CursorTable<AuditEventResponse>
        list={list}
        label="Audit events"
        noRecordsText="No events match these filters"
        toolbar={
          <Group mb="sm" align="flex-end" gap="sm">
            <Select
              label="Who"
              w={220}
              clearable
              searchable
              placeholder="Anyone"
              data={[
                { group: 'Staff', items: staff },
                { group: 'Others', items: OTHER_ACTORS },
              ]}
              value={actor}
              onChange={setActor}
            />
            <Select
              label="What"
              w={200}
              clearable
              searchable
              placeholder="Any action"
              data={choices.data?.actions ?? []}
              value={action}
              onChange={setAction}
            />
            <Select
              label="Record type"
              w={150}
              clearable
              searchable
              placeholder="Any record"
              data={choices.data?.entityTypes ?? []}
              value={entityType}
              onChange={setEntityType}
            />
            <TextInput
              label="Record number"
              w={130}
              value={entityIdText}
              onChange={(event) => setEntityIdText(event.currentTarget.value)}
            />
            <DateInput label="From" w={120} valueFormat={DATE_INPUT_FORMAT} clearable value={from} onChange={setFrom} />
            <DateInput label="To" w={120} valueFormat={DATE_INPUT_FORMAT} clearable value={to} onChange={setTo} />
          </Group>
        }
        columns={[
          { accessor: 'occurredAt', title: 'When', width: 170, render: eventTime },
          {
            accessor: 'summary',
            title: 'What happened',
            render: (event) => (
              <>
                <Text size="sm">{event.summary}</Text>
                <Text size="xs" c="dimmed">
                  {event.action}
                  {event.ip ? ` · from ${event.ip}` : ''}
                </Text>
              </>
            ),
          },
          { accessor: 'changes', title: 'Changes', width: 340, render: (event) => <AuditChanges event={event} /> },
        ]}
      />
    </>
  );
}
