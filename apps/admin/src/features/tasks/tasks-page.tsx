import { RejectTaskRequest, TASK_STATUS_LABELS, type TaskResponse } from '@bcp/contract';
import { Badge, Button, Group, Modal, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { HistoryButton } from '../../components/audit-trail';
import { FilterSelect, ListTable, useServerList } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { save } from '../../lib/save';
import { useAdminSession } from '../../lib/session-store';

const STATUS_COLOR = { open: 'blue', completed: 'teal', rejected: 'gray' } as const;

/** Rejecting a task needs a reason (`PATCH tasks/{id}/reject`). */
function RejectModal(props: { task: TaskResponse; onClose: () => void }) {
  const form = useForm({ initialValues: { reason: '' }, validate: schemaResolver(RejectTaskRequest, { sync: true }) });
  const submit = form.onSubmit(async (values) => {
    const done = await save(api.patch<TaskResponse>(`v1/tasks/${props.task.id}/reject`, { json: values }), {
      done: 'Task rejected.',
      invalidate: ['v1/tasks', 'v1/dashboard'],
      form,
    });
    if (done) props.onClose();
  });
  return (
    <Modal opened onClose={props.onClose} title={`Reject: ${props.task.title}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea label="Why" required autosize minRows={3} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button type="submit" color="red" loading={form.submitting}>
              Reject task
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The work queue (`GET tasks`): mine or everyone's, by status; complete or reject (`tasks.resolve`). */
export default function TasksPage() {
  const me = useAdminSession((state) => state.user?.id);
  const canResolve = useCan('tasks.resolve');
  const [whose, setWhose] = useState<'mine' | 'all'>('mine');
  const [status, setStatus] = useState<string | null>('open');
  const [rejecting, setRejecting] = useState<TaskResponse | null>(null);
  const list = useServerList<TaskResponse>({
    path: 'v1/tasks',
    defaultSort: { field: 'createdAt', direction: 'desc' },
    filter: { status, assigneeId: whose === 'mine' ? me : undefined },
  });
  const complete = (task: TaskResponse) =>
    save(api.patch<TaskResponse>(`v1/tasks/${task.id}/complete`), {
      done: 'Task completed.',
      invalidate: ['v1/tasks', 'v1/dashboard'],
    });
  return (
    <>
      <PageHeader title="Tasks" />
      <ListTable<TaskResponse>
        list={list}
        label="Tasks"
        toolbar={
          <Group mb="sm">
            <SegmentedControl
              aria-label="Whose tasks"
              value={whose}
              onChange={(value) => {
                setWhose(value as 'mine' | 'all');
                list.resetPage();
              }}
              data={[
                { value: 'mine', label: 'Mine' },
                { value: 'all', label: 'Everyone’s' },
              ]}
            />
            <FilterSelect
              label="Status"
              placeholder="Any status"
              data={[
                { value: 'open', label: 'Open' },
                { value: 'completed', label: 'Completed' },
                { value: 'rejected', label: 'Rejected' },
              ]}
              value={status}
              onChange={setStatus}
              list={list}
            />
          </Group>
        }
        columns={[
          { accessor: 'title', title: 'Task', sortable: true },
          { accessor: 'assignee', title: 'Assigned to', render: (task) => task.assignee?.name ?? '—' },
          { accessor: 'dueDate', title: 'Due', sortable: true, render: (task) => formatDate(task.dueDate) },
          {
            accessor: 'status',
            title: 'Status',
            sortable: true,
            render: (task) => (
              <Badge color={STATUS_COLOR[task.status]} variant="light" title={task.rejectionReason ?? undefined}>
                {TASK_STATUS_LABELS[task.status]}
              </Badge>
            ),
          },
          {
            accessor: 'actions',
            title: 'Actions',
            textAlign: 'right',
            render: (task) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                {canResolve && task.status === 'open' && (
                  <>
                    <Button size="compact-sm" onClick={() => complete(task)}>
                      Complete
                    </Button>
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRejecting(task)}>
                      Reject
                    </Button>
                  </>
                )}
                <HistoryButton path={`v1/tasks/${task.id}/audits`} name={task.title} />
              </Group>
            ),
          },
        ]}
      />
      {rejecting && <RejectModal task={rejecting} onClose={() => setRejecting(null)} />}
    </>
  );
}
