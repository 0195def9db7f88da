import {
  type AdminBenefitResponse,
  type AdminClaimSummaryResponse,
  BENEFIT_STATUS_LABELS,
  fieldLabel,
} from '@bcp/contract';
import { Badge, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { ClaimStatusBadge } from '../../components/claim-status';
import { CursorTable, useCursorList } from '../../components/cursor-list';
import { downloadFile } from '../../lib/files';
import { formatDate, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { CorrectBenefitModal } from './person-forms';

/**
 * The person's benefits (`GET benefits?q=<ID number>`): correct one with a reason
 * (`benefits.write`), download its statement PDF (`claims.read`).
 */
export function PersonBenefits(props: { idNumber: string }) {
  const canWrite = useCan('benefits.write');
  const canStatement = useCan('claims.read');
  const [correcting, setCorrecting] = useState<AdminBenefitResponse | null>(null);
  const list = useCursorList<AdminBenefitResponse>({ path: 'v1/benefits', sort: 'id:asc', q: props.idNumber });
  return (
    <>
      <CursorTable<AdminBenefitResponse>
        list={list}
        label="Benefits of this person"
        columns={[
          { accessor: 'fund', title: 'Fund', render: (benefit) => benefit.fund.name },
          { accessor: 'memberNumber', title: 'Member number' },
          { accessor: 'benefitType', title: 'Type', render: (benefit) => fieldLabel(benefit.benefitType) },
          {
            accessor: 'amountCents',
            title: 'Amount',
            textAlign: 'right',
            render: (benefit) => formatMoney(benefit.amountCents),
          },
          {
            accessor: 'status',
            title: 'Status',
            width: 120,
            render: (benefit) => <Badge variant="light">{BENEFIT_STATUS_LABELS[benefit.status]}</Badge>,
          },
          {
            accessor: 'actions',
            title: 'Actions',
            textAlign: 'right',
            render: (benefit) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                {canStatement && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={`Statement PDF of ${benefit.memberNumber}`}
                    onClick={() =>
                      downloadFile(`v1/benefits/${benefit.id}/statement`, `benefit-statement-${benefit.id}.pdf`)
                    }
                  >
                    Statement PDF
                  </Button>
                )}
                {canWrite && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`Correct ${benefit.memberNumber}`}
                    onClick={() => setCorrecting(benefit)}
                  >
                    Correct
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
      {correcting && <CorrectBenefitModal benefit={correcting} onClose={() => setCorrecting(null)} />}
    </>
  );
}

/** The person's claims (`GET benefits/claims?q=<ID number>`); a row opens the claim (`claims.read`). */
export function PersonClaims(props: { idNumber: string }) {
  const canOpen = useCan('claims.read');
  const list = useCursorList<AdminClaimSummaryResponse>({
    path: 'v1/benefits/claims',
    sort: 'id:asc',
    q: props.idNumber,
  });
  return (
    <CursorTable<AdminClaimSummaryResponse>
      list={list}
      label="Claims of this person"
      noRecordsText="No claims"
      {...(canOpen ? { rowHref: (claim: AdminClaimSummaryResponse) => `/claims/${claim.id}` } : {})}
      columns={[
        { accessor: 'id', title: 'Claim' },
        { accessor: 'fund', title: 'Fund', render: (claim) => claim.fund.name },
        {
          accessor: 'amountCents',
          title: 'Amount',
          textAlign: 'right',
          render: (claim) => formatMoney(claim.amountCents),
        },
        {
          accessor: 'submittedAt',
          title: 'Submitted',
          render: (claim) => formatDate(claim.submittedAt),
        },
        {
          accessor: 'status',
          title: 'Status',
          width: 130,
          render: (claim) => <ClaimStatusBadge status={claim.status} />,
        },
      ]}
    />
  );
}
