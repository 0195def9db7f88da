import { Button } from '@mantine/core';
import { Link } from 'wouter';
import { PageIntro } from '../../components/layout/page-intro';
import { paths } from '../../config/paths';

/** The catch-all not-found page (spec section 2). */
export function NotFoundPage() {
  return (
    <PageIntro title="Page not found" intro="We could not find the page you asked for.">
      <Button component={Link} to={paths.root()} variant="default">
        Go to the start
      </Button>
    </PageIntro>
  );
}
