import { CLAIM_STATUS_LABELS, type ClaimStatus } from '@bcp/contract';
import { Badge } from '@mantine/core';

/** Only the theme's colours with AA contrast as light badges (theme.ts). */
const STATUS_COLOR: Record<ClaimStatus, string> = {
  draft: 'gray',
  submitted: 'gray',
  in_review: 'blue',
  information_requested: 'blue',
  approved: 'teal',
  rejected: 'red',
  paid: 'green',
};

/** A claim's status as a coloured badge, in the words members read. */
export function ClaimStatusBadge(props: { status: ClaimStatus }) {
  return (
    <Badge color={STATUS_COLOR[props.status]} variant="light">
      {CLAIM_STATUS_LABELS[props.status]}
    </Badge>
  );
}

/** The claim statuses staff filter by (drafts are the member's own business). */
export const CLAIM_STATUS_OPTIONS = (
  ['submitted', 'in_review', 'information_requested', 'approved', 'rejected', 'paid'] as const
).map((status) => ({ value: status, label: CLAIM_STATUS_LABELS[status] }));
