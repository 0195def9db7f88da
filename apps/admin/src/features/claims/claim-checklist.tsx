import {
  type AdminClaimResponse,
  CLAIM_PROCESS_STEP_STATUS_LABELS,
  type ClaimProcessStepResponse,
  DECIDER_TYPE_LABELS,
} from '@bcp/contract';
import { Badge, Button, Card, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { save } from '../../lib/save';

const STEP_COLOR = { pending: 'gray', passed: 'teal', failed: 'red' } as const;

/** Records one step's outcome with a note (`POST benefits/{benefitId}`); the first outcome starts the review. */
function StepOutcomeModal(props: {
  claim: AdminClaimResponse;
  step: ClaimProcessStepResponse;
  status: 'passed' | 'failed';
  onClose: () => void;
}) {
  const form = useForm({ initialValues: { note: '' } });
  const submit = form.onSubmit(async (values) => {
    const done = await save(
      api.post(`v1/benefits/${props.claim.benefit.id}`, {
        json: { stepId: props.step.id, status: props.status, ...(values.note.trim() ? { note: values.note } : {}) },
      }),
      { done: 'Step recorded.', invalidate: [`v1/benefits/claim/${props.claim.id}`], form },
    );
    if (done) props.onClose();
  });
  const verb = props.status === 'passed' ? 'Pass' : 'Fail';
  return (
    <Modal opened onClose={props.onClose} title={`${verb}: ${props.step.label}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea label="Note" autosize minRows={2} maxLength={1000} {...form.getInputProps('note')} />
          <Group justify="flex-end">
            <Button type="submit" color={props.status === 'passed' ? 'teal' : 'red'} loading={form.submitting}>
              {verb} step
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The fund's process-step checklist as it was at submission, each step's log (outcome, note, who,
 * when); "Pass" and "Fail" for `claims.review` while the claim is submitted or in review.
 */
export function ClaimChecklist(props: { claim: AdminClaimResponse }) {
  const { claim } = props;
  const canReview = useCan('claims.review') && (claim.status === 'submitted' || claim.status === 'in_review');
  const [recording, setRecording] = useState<{ step: ClaimProcessStepResponse; status: 'passed' | 'failed' } | null>(
    null,
  );
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Checklist
      </Title>
      {claim.processSteps.length === 0 && <Text c="dimmed">This claim has no process steps.</Text>}
      {claim.processSteps.length > 0 && (
        <Table fz="sm" aria-label="Checklist">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Step</Table.Th>
              <Table.Th>Outcome</Table.Th>
              <Table.Th>Log</Table.Th>
              {canReview && <Table.Th>Record</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {claim.processSteps.map((step) => (
              <Table.Tr key={step.id}>
                <Table.Td>
                  {step.label}
                  {step.actor === 'partner' && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (fund administrator)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge color={STEP_COLOR[step.status]} variant="light" miw={80}>
                    {CLAIM_PROCESS_STEP_STATUS_LABELS[step.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {step.decidedAt
                    ? `${step.note ?? 'No note'} (${step.decidedBy ? `${DECIDER_TYPE_LABELS[step.decidedBy.type]} ${step.decidedBy.id}` : ''}, ${formatDateTime(step.decidedAt)})`
                    : '—'}
                </Table.Td>
                {canReview && (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="teal"
                        aria-label={`Pass ${step.label}`}
                        onClick={() => setRecording({ step, status: 'passed' })}
                      >
                        Pass
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="red"
                        aria-label={`Fail ${step.label}`}
                        onClick={() => setRecording({ step, status: 'failed' })}
                      >
                        Fail
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {recording && <StepOutcomeModal claim={claim} {...recording} onClose={() => setRecording(null)} />}
    </Card>
  );
}
