import { Button, List, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { PageIntro } from '../../components/layout/page-intro';
import { paths } from '../../config/paths';
import { WatchlistSignUp } from '../../features/watchlist/components/watchlist-sign-up';

/**
 * Search result (spec section 2, `/search-complete/{totalBenefits}/{idNumber}/{noBenefits?}`): how
 * many benefits wait, and the next step; with none, the watchlist sign-up (issue 21 item 3).
 */
export function SearchCompletePage() {
  const { t } = useTranslation();
  const params = useParams();
  const total = Number(params.totalBenefits ?? 0);
  const idNumber = params.idNumber ?? '';
  if (total === 0 || params.noBenefits) {
    return (
      <PageIntro title={t('searchComplete.noneTitle')} intro={t('searchComplete.noneIntro')}>
        <List spacing="xs" aria-label={t('searchComplete.nextSteps')}>
          <List.Item>{t('searchComplete.checkNumber')}</List.Item>
          <List.Item>{t('searchComplete.askEmployers')}</List.Item>
          <List.Item>{t('searchComplete.searchLater')}</List.Item>
        </List>
        <Button component={Link} to={paths.search()} variant="default" w="fit-content">
          {t('searchComplete.searchAgain')}
        </Button>
        {/* Issue 21 item 3: be told if money turns up for this ID number. */}
        <WatchlistSignUp idNumber={idNumber} />
      </PageIntro>
    );
  }
  return (
    <PageIntro title={t('searchComplete.found', { count: total })} intro={t('searchComplete.foundIntro')}>
      <Stack>
        <Button component={Link} to={paths.signUp(idNumber)} size="lg">
          {t('searchComplete.createAccount')}
        </Button>
        <Button component={Link} to={paths.login()} variant="default">
          {t('searchComplete.haveAccount')}
        </Button>
      </Stack>
    </PageIntro>
  );
}
