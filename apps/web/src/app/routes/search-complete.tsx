import { Button, List, Stack } from '@mantine/core';
import { Link, useParams } from 'wouter';
import { PageIntro } from '../../components/layout/page-intro';
import { paths } from '../../config/paths';
import { WatchlistSignUp } from '../../features/watchlist/components/watchlist-sign-up';

/**
 * Search result (spec section 2, `/search-complete/{totalBenefits}/{idNumber}/{noBenefits?}`): how
 * many benefits wait, and the next step; with none, the watchlist sign-up (issue 21 item 3).
 */
export function SearchCompletePage() {
  const params = useParams();
  const total = Number(params.totalBenefits ?? 0);
  const idNumber = params.idNumber ?? '';
  if (total === 0 || params.noBenefits) {
    return (
      <PageIntro
        title="We found no benefits for this ID number"
        intro="Funds add new records often. Check the number you typed, or search again in a few weeks."
      >
        <List spacing="xs" aria-label="What you can do next">
          <List.Item>Check that the ID number is yours and typed correctly.</List.Item>
          <List.Item>
            Ask the employers you worked for which retirement fund they used, and contact that fund with your ID number.
          </List.Item>
          <List.Item>Search here again later: we add the records funds send us every month.</List.Item>
        </List>
        <Button component={Link} to={paths.search()} variant="default" w="fit-content">
          Search again
        </Button>
        {/* Issue 21 item 3: be told if money turns up for this ID number. */}
        <WatchlistSignUp idNumber={idNumber} />
      </PageIntro>
    );
  }
  return (
    <PageIntro
      title={`We found ${total} ${total === 1 ? 'benefit' : 'benefits'} for you`}
      intro="Create an account and prove who you are to see the details and claim."
    >
      <Stack>
        <Button component={Link} to={paths.signUp(idNumber)} size="lg">
          Create an account
        </Button>
        <Button component={Link} to={paths.login()} variant="default">
          I already have an account
        </Button>
      </Stack>
    </PageIntro>
  );
}
