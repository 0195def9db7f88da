import { Button, Stack } from '@mantine/core';
import { Link } from 'wouter';
import { PageIntro } from '../../components/layout/page-intro';
import { paths } from '../../config/paths';

/** Main (spec section 2, `/main`): where a member lands after logout, with the two ways in. */
export function MainPage() {
  return (
    <PageIntro
      title="Find money that is owed to you"
      intro="Search with your ID number for retirement-fund benefits that were never paid out, and claim them."
    >
      <Stack>
        <Button component={Link} to={paths.search()} size="lg">
          Search with my ID number
        </Button>
        <Button component={Link} to={paths.login()} variant="default" size="lg">
          Sign in
        </Button>
      </Stack>
    </PageIntro>
  );
}
