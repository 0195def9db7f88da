import type { ListResponse, PROCESS_STEP_KINDS, ProcessStepKindResponse, ProcessStepListResponse } from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { useCan } from '../../lib/permissions';
import { save } from '../../lib/save';

type Kind = (typeof PROCESS_STEP_KINDS)[number]['kind'];
interface Step {
  kind: Kind;
  label: string;
}

/**
 * A fund's checklist of process steps (`GET funds/{id}/process-steps`), edited as an ordered list:
 * move up or down, rename, remove, add a kind not yet in it; "Save steps" sends the whole list
 * (`POST`), "Use the default" goes back to the default (`DELETE`). Claims already submitted keep theirs.
 */
export function ProcessStepsTab(props: { fundId: number }) {
  const path = `v1/funds/${props.fundId}/process-steps`;
  const canWrite = useCan('process-steps.write');
  const current = useQuery({ queryKey: [path], queryFn: () => unwrap(api.get<ProcessStepListResponse>(path)) });
  const kinds = useQuery({
    queryKey: [path, 'kinds'],
    queryFn: () => unwrap(api.get<ListResponse<ProcessStepKindResponse>>(`${path}/steps`)),
  });
  const [steps, setSteps] = useState<Step[]>([]);
  const [adding, setAdding] = useState<string | null>(null);
  useEffect(() => {
    if (current.data) setSteps(current.data.items.map((step) => ({ kind: step.kind, label: step.label })));
  }, [current.data]);
  const move = (index: number, by: -1 | 1) =>
    setSteps((list) => {
      const next = [...list];
      const [step] = next.splice(index, 1);
      if (step) next.splice(index + by, 0, step);
      return next;
    });
  const missing = (kinds.data?.items ?? []).filter((kind) => !steps.some((step) => step.kind === kind.kind));
  const submit = () => save(api.post(path, { json: { steps } }), { done: 'Process steps saved.', invalidate: [path] });
  const reset = () => save(api.delete(path), { done: 'The fund uses the default steps.', invalidate: [path] });
  return (
    <Stack maw={760}>
      {current.data?.usesDefault && <Alert color="blue">This fund uses the default checklist.</Alert>}
      {steps.map((step, index) => (
        <Paper key={step.kind} withBorder p="xs">
          <Group wrap="nowrap">
            <Text fw={700} w={24}>
              {index + 1}.
            </Text>
            <TextInput
              aria-label={`Name of step ${index + 1}`}
              value={step.label}
              readOnly={!canWrite}
              onChange={(event) => {
                const label = event.currentTarget.value;
                setSteps((list) => list.map((item, at) => (at === index ? { ...item, label } : item)));
              }}
              style={{ flex: 1 }}
            />
            <Badge variant="outline" color="gray">
              {kinds.data?.items.find((kind) => kind.kind === step.kind)?.actor ?? ''}
            </Badge>
            {canWrite && (
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  aria-label={`Move ${step.label} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={`Move ${step.label} down`}
                  disabled={index === steps.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  color="red"
                  aria-label={`Remove ${step.label}`}
                  disabled={steps.length === 1}
                  onClick={() => setSteps((list) => list.filter((_, at) => at !== index))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            )}
          </Group>
        </Paper>
      ))}
      {canWrite && (
        <>
          {missing.length > 0 && (
            <Group align="flex-end">
              <Select
                label="Add a step"
                data={missing.map((kind) => ({ value: kind.kind, label: kind.label }))}
                value={adding}
                onChange={setAdding}
                w={320}
              />
              <Button
                variant="default"
                disabled={!adding}
                onClick={() => {
                  const kind = missing.find((item) => item.kind === adding);
                  if (kind) setSteps((list) => [...list, { kind: kind.kind, label: kind.label }]);
                  setAdding(null);
                }}
              >
                Add
              </Button>
            </Group>
          )}
          <Group>
            <Button onClick={submit}>Save steps</Button>
            {!current.data?.usesDefault && (
              <Button variant="default" onClick={reset}>
                Use the default
              </Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
