import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageIntro } from '../../components/layout/page-intro';
import { paths } from '../../config/paths';

/** Main (spec section 2, `/main`): where a member lands after logout, with the two ways in. */
export function MainPage() {
  const { t } = useTranslation();
  return (
    <PageIntro title={t('main.title')} intro={t('main.intro')}>
      <Stack>
        <Button component={Link} to={paths.search()} size="lg">
          {t('main.search')}
        </Button>
        <Button component={Link} to={paths.login()} variant="default" size="lg">
          {t('common.signIn')}
        </Button>
      </Stack>
    </PageIntro>
  );
}
