import { PageIntro } from '../../../components/layout/page-intro';

/** Forgot password (spec section 2, `/auth/forgot-password`). */
export function ForgotPasswordPage() {
  return (
    <PageIntro
      title="Forgot your password?"
      intro="Tell us your ID number or email and we will send you a one-time PIN to reset your password."
    />
  );
}
