import { PageIntro } from '../../../components/layout/page-intro';

/** Sign in (spec section 2, `/auth/login`). */
export function LoginPage() {
  return (
    <PageIntro
      title="Sign in"
      intro="Sign in with your ID number or email and your password. We then send you a one-time PIN."
    />
  );
}
