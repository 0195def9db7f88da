import type { MemberBenefitResponse } from '@bcp/contract';
import { Alert, Card, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { PageIntro } from '../../components/layout/page-intro';
import { paths } from '../../config/paths';
import { useBenefits, useBenefitTotal } from '../../features/benefits/api/benefits';
import { BenefitCard } from '../../features/benefits/components/benefit-card';
import { selectBenefitById } from '../../features/benefits/selected-benefit';
import { useFormat } from '../../i18n';
import { translateError } from '../../i18n/errors';
import { ApiQueryError } from '../../lib/query';

function failure(error: unknown, fallback: string): string {
  return error instanceof ApiQueryError ? translateError(error.error) : fallback;
}

/**
 * My benefits (spec section 2, `/benefits`, requires sign-in, identity check and PIN): the totals,
 * then each benefit with its claim's status; choosing one selects it and opens its steps or claim.
 */
export function BenefitsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [, navigate] = useLocation();
  const benefits = useBenefits();
  const total = useBenefitTotal();

  async function open(benefit: MemberBenefitResponse, to: 'steps' | 'claim') {
    const selected = await selectBenefitById(benefit.id);
    if (!selected) return;
    navigate(to === 'steps' ? paths.steps(benefit.id) : paths.claimDetails());
  }

  return (
    <PageIntro title={t('titles.benefits')} intro={t('benefits.intro')}>
      {total.data && (
        <Card withBorder bg="teal.0" padding="lg">
          <Text size="lg" data-testid="benefit-total">
            {t('benefits.total', { count: total.data.totalBenefits })}{' '}
            <strong>{format.rand(total.data.totalAmountCents)}</strong>
          </Text>
          {total.data.unclaimedBenefits > 0 && (
            <Text c="dimmed">
              {t('benefits.unclaimed', {
                count: total.data.unclaimedBenefits,
                amount: format.rand(total.data.unclaimedAmountCents),
              })}
            </Text>
          )}
        </Card>
      )}
      {benefits.isPending && <Loader role="status" aria-label={t('benefits.loading')} />}
      {benefits.isError && (
        <Alert color="red" title={t('benefits.loadFailed')}>
          {failure(benefits.error, t('common.somethingWentWrong'))}
        </Alert>
      )}
      {benefits.data && benefits.data.items.length === 0 && (
        <Alert title={t('benefits.noneTitle')}>{t('benefits.none')}</Alert>
      )}
      <Stack>
        {benefits.data?.items.map((benefit) => (
          <BenefitCard
            key={benefit.id}
            benefit={benefit}
            onClaim={(chosen) => open(chosen, 'steps')}
            onShowClaim={(chosen) => open(chosen, 'claim')}
          />
        ))}
      </Stack>
    </PageIntro>
  );
}
