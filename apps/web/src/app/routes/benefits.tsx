import { PageIntro } from '../../components/layout/page-intro';

/** My benefits (spec section 2, `/benefits`, requires sign-in). */
export function BenefitsPage() {
  return (
    <PageIntro title="Your benefits" intro="These are the benefits funds hold for you, and the state of each claim." />
  );
}
