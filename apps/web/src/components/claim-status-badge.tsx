import type { ClaimStatus } from '@bcp/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ClaimStatus, string> = {
  draft: 'gray',
  submitted: 'blue',
  in_review: 'indigo',
  information_requested: 'blue',
  approved: 'teal',
  rejected: 'red',
  paid: 'green',
};

/** A claim's status as members read it (contract CLAIM_STATUS_LABELS, in the app's language), coloured by how far it got. */
export function ClaimStatusBadge(props: { status: ClaimStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[props.status]} variant="light" size="lg">
      {t(`messages.claimStatus.${props.status}`)}
    </Badge>
  );
}
