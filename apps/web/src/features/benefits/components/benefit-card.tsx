import type { MemberBenefitResponse } from '@bcp/contract';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ClaimStatusBadge } from '../../../components/claim-status-badge';
import { useFormat } from '../../../i18n';

const KNOWN_TYPES = ['withdrawal', 'retirement', 'surplus', 'preservation', 'death'] as const;

/**
 * A benefit type in the app's language: `withdrawal` -> `Withdrawal benefit` / `Onttrekkingsvoordeel`
 * / `Inzuzo yokuhoxa`. A type funds named otherwise keeps its own word (`Other benefit`, `Voordeel (other)`).
 */
export function benefitTypeLabel(t: TFunction, benefitType: string): string {
  const known = KNOWN_TYPES.find((type) => type === benefitType);
  if (known) return t(`benefits.types.${known}`);
  const words = benefitType.replace(/_/g, ' ');
  return t('benefits.types.other', { type: `${words.charAt(0).toUpperCase()}${words.slice(1)}` });
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
  const { t } = useTranslation();
  const format = useFormat();
  const { benefit } = props;
  const claim = benefit.claim;
  const canClaim = benefit.status !== 'paid' && (!claim || claim.status === 'draft' || claim.status === 'rejected');
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-label={t('benefits.typeFrom', { type: benefitTypeLabel(t, benefit.benefitType), fund: benefit.fund.name })}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={700} size="lg">
              {benefitTypeLabel(t, benefit.benefitType)}
            </Text>
            <Text c="dimmed">{benefit.fund.name}</Text>
          </div>
          <Text fw={700} size="xl">
            {format.rand(benefit.amountCents)}
          </Text>
        </Group>
        <Group gap="xs">
          {claim ? (
            <ClaimStatusBadge status={claim.status} />
          ) : (
            <Badge variant="outline">{t('benefits.notClaimed')}</Badge>
          )}
        </Group>
        <Group>
          {canClaim && (
            <Button onClick={() => props.onClaim(benefit)}>
              {claim?.status === 'draft' ? t('common.continueYourClaim') : t('benefits.claim')}
            </Button>
          )}
          {claim && claim.status !== 'draft' && (
            <Button variant={canClaim ? 'default' : 'filled'} onClick={() => props.onShowClaim(benefit)}>
              {t('common.seeYourClaim')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
