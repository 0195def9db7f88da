import { PageIntro } from '../../../components/layout/page-intro';

/** New password (spec section 2, `/auth/reset-password`). */
export function ResetPasswordPage() {
  return (
    <PageIntro
      title="Choose a new password"
      intro="Your new password must be at least 10 characters long, with a capital letter, a number and a special character."
    />
  );
}
