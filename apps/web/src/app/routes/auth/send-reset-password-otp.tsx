import { PageIntro } from '../../../components/layout/page-intro';

/** Reset PIN (spec section 2, `/auth/send-reset-password-otp`). */
export function SendResetPasswordOtpPage() {
  return <PageIntro title="Enter your one-time PIN" intro="Type the 6-digit PIN we sent you to reset your password." />;
}
