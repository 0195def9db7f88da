import { formatRand, type MemberBenefitResponse } from '@bcp/contract';
import { Alert, Card, Loader, Stack, Text } from '@mantine/core';
import { useLocation } from 'wouter';
import { PageIntro } from '../../components/layout/page-intro';
import { paths } from '../../config/paths';
import { useBenefits, useBenefitTotal } from '../../features/benefits/api/benefits';
import { BenefitCard } from '../../features/benefits/components/benefit-card';
import { selectBenefitById } from '../../features/benefits/selected-benefit';
import { errorMessage } from '../../lib/api-client';
import { ApiQueryError } from '../../lib/query';

function failure(error: unknown): string {
  return error instanceof ApiQueryError ? errorMessage(error.error) : 'Something went wrong. Please try again.';
}

/**
 * My benefits (spec section 2, `/benefits`, requires sign-in, identity check and PIN): the totals,
 * then each benefit with its claim's status; choosing one selects it and opens its steps or claim.
 */
export function BenefitsPage() {
  const [, navigate] = useLocation();
  const benefits = useBenefits();
  const total = useBenefitTotal();

  async function open(benefit: MemberBenefitResponse, to: 'steps' | 'claim') {
    const selected = await selectBenefitById(benefit.id);
    if (!selected) return;
    navigate(to === 'steps' ? paths.steps(benefit.id) : paths.claimDetails());
  }

  return (
    <PageIntro title="Your benefits" intro="These are the benefits funds hold for you, and the state of each claim.">
      {total.data && (
        <Card withBorder bg="teal.0" padding="lg">
          <Text size="lg" data-testid="benefit-total">
            {total.data.totalBenefits === 1 ? 'One benefit' : `${total.data.totalBenefits} benefits`} worth{' '}
            <strong>{formatRand(total.data.totalAmountCents)}</strong>
          </Text>
          {total.data.unclaimedBenefits > 0 && (
            <Text c="dimmed">
              {total.data.unclaimedBenefits} not claimed yet ({formatRand(total.data.unclaimedAmountCents)})
            </Text>
          )}
        </Card>
      )}
      {benefits.isPending && <Loader role="status" aria-label="Loading your benefits" />}
      {benefits.isError && (
        <Alert color="red" title="We could not load your benefits">
          {failure(benefits.error)}
        </Alert>
      )}
      {benefits.data && benefits.data.items.length === 0 && (
        <Alert title="No benefits yet">We have no benefits recorded for you. Funds add records often.</Alert>
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
