import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageIntro } from '../../components/layout/page-intro';
import { paths } from '../../config/paths';

/** The catch-all not-found page (spec section 2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageIntro title={t('titles.notFound')} intro={t('notFound.intro')}>
      <Button component={Link} to={paths.root()} variant="default">
        {t('notFound.home')}
      </Button>
    </PageIntro>
  );
}
