import { PageIntro } from '../../../components/layout/page-intro';

/** Claim details (spec section 2, `/benefit/claim-details`). */
export function ClaimDetailsPage() {
  return <PageIntro title="Your claim" intro="See where your claim is and every step it has been through." />;
}
