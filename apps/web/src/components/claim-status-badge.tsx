import { CLAIM_STATUS_LABELS, type ClaimStatus } from '@bcp/contract';
import { Badge } from '@mantine/core';

const COLORS: Record<ClaimStatus, string> = {
  draft: 'gray',
  submitted: 'blue',
  in_review: 'indigo',
  information_requested: 'blue',
  approved: 'teal',
  rejected: 'red',
  paid: 'green',
};

/** A claim's status as members read it (contract CLAIM_STATUS_LABELS), coloured by how far it got. */
export function ClaimStatusBadge(props: { status: ClaimStatus }) {
  return (
    <Badge color={COLORS[props.status]} variant="light" size="lg">
      {CLAIM_STATUS_LABELS[props.status]}
    </Badge>
  );
}
