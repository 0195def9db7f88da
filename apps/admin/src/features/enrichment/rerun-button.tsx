import { ENRICHMENT_STEP_KINDS, type EnrichmentRunResponse, RerunEnrichmentRequest } from '@bcp/contract';
import { Button, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { FormActions } from '../../components/form-actions';
import { api } from '../../lib/api';
import { save } from '../../lib/save';

/**
 * "Run again" (`POST funds/{id}/enrichment-steps/rerun`): one step looked up again now for every
 * person of the fund or only those whose look-up failed (a job; the runs list shows its progress).
 */
export function RerunButton(props: { fundId: number }) {
  const [open, setOpen] = useState(false);
  const form = useForm({
    initialValues: { step: 'contact_trace', scope: 'failed' },
    validate: schemaResolver(RerunEnrichmentRequest, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    const run = await save(
      api.post<EnrichmentRunResponse>(`v1/funds/${props.fundId}/enrichment-steps/rerun`, { json: values }),
      { done: 'The step is being looked up again.', invalidate: ['v1/file-uploads/enrichments'], form },
    );
    if (run) setOpen(false);
  });
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Run a step again
      </Button>
      {open && (
        <Modal opened onClose={() => setOpen(false)} title="Run a step again">
          <form onSubmit={submit} noValidate>
            <Stack>
              <Select
                label="Step"
                required
                allowDeselect={false}
                data={ENRICHMENT_STEP_KINDS.map((kind) => ({ value: kind.kind, label: kind.label }))}
                {...form.getInputProps('step')}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="rerun-scope">
                  For
                </Text>
                <SegmentedControl
                  aria-labelledby="rerun-scope"
                  data={[
                    { value: 'failed', label: 'Failed look-ups' },
                    { value: 'all', label: 'Everyone' },
                  ]}
                  {...form.getInputProps('scope')}
                />
              </Stack>
              <Text size="sm" c="dimmed">
                Each look-up is charged by the provider; results still valid are reused.
              </Text>
              <FormActions label="Run again" onCancel={() => setOpen(false)} submitting={form.submitting} />
            </Stack>
          </form>
        </Modal>
      )}
    </>
  );
}
