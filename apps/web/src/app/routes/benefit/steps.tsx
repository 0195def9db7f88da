import { PageIntro } from '../../../components/layout/page-intro';

/** Claim steps (spec section 2, `/benefit/steps`). */
export function StepsPage() {
  return (
    <PageIntro
      title="Claim your benefit"
      intro="Work through each step: your details, your bank account, your documents, the fees, and your declaration."
    />
  );
}
