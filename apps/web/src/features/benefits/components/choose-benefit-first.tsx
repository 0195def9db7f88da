import { Button } from '@mantine/core';
import { Link } from 'wouter';
import { PageIntro } from '../../../components/layout/page-intro';
import { paths } from '../../../config/paths';

/** What a benefit page shows when no benefit is selected (spec 3 "Selected benefit"): the way back to the list. */
export function ChooseBenefitFirst(props: { title: string; intro: string }) {
  return (
    <PageIntro title={props.title} intro={props.intro}>
      <Button component={Link} to={paths.benefits()} w="fit-content">
        See your benefits
      </Button>
    </PageIntro>
  );
}
