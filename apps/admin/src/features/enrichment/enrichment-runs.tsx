import {
  ENRICHMENT_RERUN_SCOPE_LABELS,
  ENRICHMENT_RUN_STATUS_LABELS,
  type EnrichmentRunResponse,
  enrichmentStepLabel,
} from '@bcp/contract';
import { Badge, Progress } from '@mantine/core';
import { ListTable, useServerList } from '../../components/list-table';
import { formatDateTime, formatMoney } from '../../lib/format';

const STATUS_COLOR = { queued: 'gray', running: 'blue', completed: 'teal', failed: 'red' } as const;

/**
 * A fund's enrichment runs (`GET file-uploads/enrichments?filter[fundId]=`), newest first: after a
 * member file was accepted, or a rerun; each with its progress, reuse, failures and cost.
 */
export function EnrichmentRuns(props: { fundId: number }) {
  const list = useServerList<EnrichmentRunResponse>({
    path: 'v1/file-uploads/enrichments',
    defaultSort: { field: 'id', direction: 'desc' },
    filter: { fundId: props.fundId },
  });
  return (
    <ListTable<EnrichmentRunResponse>
      list={list}
      label="Enrichment runs"
      columns={[
        { accessor: 'id', title: 'Run', sortable: true },
        {
          accessor: 'createdAt',
          title: 'Started',
          sortable: true,
          render: (run) => formatDateTime(run.createdAt),
        },
        {
          accessor: 'fileUploadId',
          title: 'Because of',
          render: (run) =>
            run.fileUploadId ? `Upload ${run.fileUploadId}` : `Rerun (${ENRICHMENT_RERUN_SCOPE_LABELS[run.scope]})`,
        },
        { accessor: 'steps', title: 'Steps', render: (run) => run.steps.map(enrichmentStepLabel).join(', ') },
        {
          accessor: 'done',
          title: 'Progress',
          width: 160,
          render: (run) => (
            <Progress
              value={run.total ? (run.done / run.total) * 100 : 100}
              aria-label={`Run ${run.id}: ${run.done} of ${run.total} done`}
            />
          ),
        },
        { accessor: 'failed', title: 'Failed', textAlign: 'right' },
        { accessor: 'reused', title: 'Reused', textAlign: 'right' },
        { accessor: 'costCents', title: 'Cost', textAlign: 'right', render: (run) => formatMoney(run.costCents) },
        {
          accessor: 'status',
          title: 'Status',
          render: (run) => (
            <Badge color={STATUS_COLOR[run.status]} variant="light">
              {ENRICHMENT_RUN_STATUS_LABELS[run.status]}
            </Badge>
          ),
        },
      ]}
    />
  );
}
