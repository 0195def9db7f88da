import { PageIntro } from '../../components/layout/page-intro';

/** One-time PIN (spec section 2, `/verify`, requires sign-in). */
export function VerifyPage() {
  return (
    <PageIntro
      title="Enter your one-time PIN"
      intro="We sent a 6-digit PIN to your cellphone or email. Type it here to continue."
    />
  );
}
