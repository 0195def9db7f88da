import {
  ENRICHMENT_RECORD_STATUS_LABELS,
  ENRICHMENT_RECORD_STATUSES,
  ENRICHMENT_RESULT_LABELS,
  ENRICHMENT_RESULTS,
  ENRICHMENT_STEP_KINDS,
  type EnrichmentRecordResponse,
  type EnrichmentStepListResponse,
  enrichmentStepLabel,
} from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import { Badge, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FilterSelect, ListTable, useServerList } from '../../components/list-table';
import { api } from '../../lib/api';
import { formatDate, formatMoney } from '../../lib/format';
import { Can } from '../../lib/permissions';
import { RerunButton } from './rerun-button';

const STATUS_COLOR = { pending: 'blue', completed: 'teal', failed: 'red' } as const;

/** The fund's steps in order (`GET funds/{id}/enrichment-steps`), as numbered badges. */
function Steps(props: { fundId: number }) {
  const steps = useQuery({
    queryKey: ['v1/funds', props.fundId, 'enrichment-steps'],
    queryFn: () => unwrap(api.get<EnrichmentStepListResponse>(`v1/funds/${props.fundId}/enrichment-steps`)),
  });
  if (!steps.data) return null;
  return (
    <Group gap="xs" mb="sm">
      <Text size="sm" fw={500}>
        Steps{steps.data.usesDefault ? ' (the default)' : ''}:
      </Text>
      {steps.data.items.map((step) => (
        <Badge key={step.kind} variant="outline" color="gray">
          {step.position}. {step.label}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * A fund's enrichment records (`GET funds/{id}/enrichment-steps/records`): each person's look-up of
 * each step, filtered by step, status and outcome; "Run again" for `enrichment.run`.
 */
export function EnrichmentRecords(props: { fundId: number }) {
  const [step, setStep] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const list = useServerList<EnrichmentRecordResponse>({
    path: `v1/funds/${props.fundId}/enrichment-steps/records`,
    defaultSort: { field: 'id', direction: 'asc' },
    filter: { step, status, result },
  });
  return (
    <>
      <Steps fundId={props.fundId} />
      <ListTable<EnrichmentRecordResponse>
        list={list}
        label="Enrichment records"
        toolbar={
          <Group mb="sm">
            <FilterSelect
              label="Step"
              placeholder="Any step"
              data={ENRICHMENT_STEP_KINDS.map((kind) => ({ value: kind.kind, label: kind.label }))}
              value={step}
              onChange={setStep}
              list={list}
            />
            <FilterSelect
              label="Status"
              placeholder="Any status"
              data={ENRICHMENT_RECORD_STATUSES.map((value) => ({
                value,
                label: ENRICHMENT_RECORD_STATUS_LABELS[value],
              }))}
              value={status}
              onChange={setStatus}
              list={list}
            />
            <FilterSelect
              label="Outcome"
              placeholder="Any outcome"
              data={ENRICHMENT_RESULTS.map((value) => ({ value, label: ENRICHMENT_RESULT_LABELS[value] }))}
              value={result}
              onChange={setResult}
              list={list}
            />
            <Can permission="enrichment.run">
              <RerunButton fundId={props.fundId} />
            </Can>
          </Group>
        }
        columns={[
          {
            accessor: 'person',
            title: 'Person',
            render: (record) =>
              `${record.person.firstName} ${record.person.lastName} (${record.person.idNumberMasked})`,
          },
          { accessor: 'step', title: 'Step', sortable: true, render: (record) => enrichmentStepLabel(record.step) },
          {
            accessor: 'status',
            title: 'Status',
            sortable: true,
            render: (record) => (
              <Badge color={STATUS_COLOR[record.status]} variant="light" title={record.failureReason ?? undefined}>
                {ENRICHMENT_RECORD_STATUS_LABELS[record.status]}
              </Badge>
            ),
          },
          {
            accessor: 'result',
            title: 'Outcome',
            render: (record) => (record.result ? ENRICHMENT_RESULT_LABELS[record.result] : '—'),
          },
          { accessor: 'provider', title: 'Provider', render: (record) => record.provider ?? '—' },
          {
            accessor: 'costCents',
            title: 'Cost',
            textAlign: 'right',
            render: (record) => formatMoney(record.costCents),
          },
          {
            accessor: 'checkedAt',
            title: 'Checked',
            sortable: true,
            render: (record) => formatDate(record.checkedAt),
          },
        ]}
      />
    </>
  );
}
