import { formatRand, type MemberBenefitResponse } from '@bcp/contract';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { ClaimStatusBadge } from '../../../components/claim-status-badge';

/** `withdrawal` -> `Withdrawal benefit`. */
export function benefitTypeLabel(benefitType: string): string {
  return `${benefitType.charAt(0).toUpperCase()}${benefitType.slice(1).replace(/_/g, ' ')} benefit`;
}

/**
 * One of the member's benefits (issue 4 "My benefits"): fund, type, amount in rand, status, and the
 * claim's status where one exists, with the next action (claim, continue, or see the claim).
 */
export function BenefitCard(props: {
  benefit: MemberBenefitResponse;
  onClaim: (benefit: MemberBenefitResponse) => void;
  onShowClaim: (benefit: MemberBenefitResponse) => void;
}) {
  const { benefit } = props;
  const claim = benefit.claim;
  const canClaim = benefit.status !== 'paid' && (!claim || claim.status === 'draft' || claim.status === 'rejected');
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-label={`${benefitTypeLabel(benefit.benefitType)} from ${benefit.fund.name}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={700} size="lg">
              {benefitTypeLabel(benefit.benefitType)}
            </Text>
            <Text c="dimmed">{benefit.fund.name}</Text>
          </div>
          <Text fw={700} size="xl">
            {formatRand(benefit.amountCents)}
          </Text>
        </Group>
        <Group gap="xs">
          {claim ? <ClaimStatusBadge status={claim.status} /> : <Badge variant="outline">Not claimed yet</Badge>}
        </Group>
        <Group>
          {canClaim && (
            <Button onClick={() => props.onClaim(benefit)}>
              {claim?.status === 'draft' ? 'Continue your claim' : 'Claim this benefit'}
            </Button>
          )}
          {claim && claim.status !== 'draft' && (
            <Button variant={canClaim ? 'default' : 'filled'} onClick={() => props.onShowClaim(benefit)}>
              See your claim
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
