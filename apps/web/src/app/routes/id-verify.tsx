import { PageIntro } from '../../components/layout/page-intro';

/** Identity check (spec section 2, `/id-verify/{idNumber}`). */
export function IdVerifyPage() {
  return (
    <PageIntro
      title="Prove that it is you"
      intro="Before you can claim, an identity verification provider confirms that you are the person with this ID number."
    />
  );
}
