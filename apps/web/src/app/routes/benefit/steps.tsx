import { Alert, Button, Loader, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { PageIntro } from '../../../components/layout/page-intro';
import { paths } from '../../../config/paths';
import { benefitTypeLabel } from '../../../features/benefits/components/benefit-card';
import { ChooseBenefitFirst } from '../../../features/benefits/components/choose-benefit-first';
import { useSelectedBenefit } from '../../../features/benefits/selected-benefit';
import { claimKeys, saveClaimDraft } from '../../../features/claims/api/claims';
import { ClaimStepper } from '../../../features/claims/components/claim-stepper';
import { useFaqDialog } from '../../../features/faqs/faq-query';
import { useFormat } from '../../../i18n';
import { translateError } from '../../../i18n/errors';
import { ApiQueryError, unwrap } from '../../../lib/query';

/**
 * Claim steps (spec section 2, `/benefit/steps`): for the selected benefit (loaded from the
 * `benefitId` query when none is selected, spec 4), starts or continues its draft claim and shows
 * the steps.
 */
export function StepsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const benefit = useSelectedBenefit();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const faq = useFaqDialog();
  const claim = useQuery({
    queryKey: claimKeys.claim(benefit?.id ?? 0),
    // Starting is idempotent: opening the steps again continues the same draft.
    queryFn: () => unwrap(saveClaimDraft(benefit?.id as number, {})),
    enabled: benefit !== null,
  });

  if (!benefit) {
    return <ChooseBenefitFirst title={t('titles.steps')} intro={t('steps.chooseFirst')} />;
  }
  return (
    <PageIntro
      title={t('titles.steps')}
      intro={
        <>
          {t('benefits.typeFrom', { type: benefitTypeLabel(t, benefit.benefitType), fund: benefit.fund.name })}:{' '}
          <strong>{format.rand(benefit.amountCents)}</strong>
        </>
      }
    >
      <Button
        variant="subtle"
        w="fit-content"
        px={0}
        onClick={() => faq.openAbout({ fundId: benefit.fund.id, benefitId: benefit.id })}
      >
        {t('steps.faqs')}
      </Button>
      {claim.isPending && <Loader role="status" aria-label={t('common.loadingClaim')} />}
      {claim.isError && (
        <Alert color="red" title={t('steps.openFailed')}>
          {claim.error instanceof ApiQueryError ? translateError(claim.error.error) : t('common.tryAgain')}
        </Alert>
      )}
      {claim.data && claim.data.status !== 'draft' && (
        <Alert title={t('steps.submittedTitle')}>
          <Text>{t('steps.submittedText')}</Text>
          <Button component={Link} to={paths.claimDetails()} mt="sm">
            {t('common.seeYourClaim')}
          </Button>
        </Alert>
      )}
      {claim.data?.status === 'draft' && (
        <ClaimStepper
          benefit={benefit}
          claim={claim.data}
          onSubmitted={async () => {
            await queryClient.invalidateQueries({ queryKey: ['benefits'] });
            navigate(paths.claimDetails());
          }}
        />
      )}
    </PageIntro>
  );
}
