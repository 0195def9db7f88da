import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageIntro } from '../../../components/layout/page-intro';
import { paths } from '../../../config/paths';

/** What a benefit page shows when no benefit is selected (spec 3 "Selected benefit"): the way back to the list. */
export function ChooseBenefitFirst(props: { title: string; intro: string }) {
  const { t } = useTranslation();
  return (
    <PageIntro title={props.title} intro={props.intro}>
      <Button component={Link} to={paths.benefits()} w="fit-content">
        {t('common.seeYourBenefits')}
      </Button>
    </PageIntro>
  );
}
