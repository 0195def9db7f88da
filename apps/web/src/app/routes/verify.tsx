import { Anchor } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { PageIntro } from '../../components/layout/page-intro';
import { PinForm } from '../../components/pin-form';
import { paths } from '../../config/paths';
import { resendOtp, verifyOtp } from '../../features/auth/api/otp';
import { fieldError } from '../../lib/form';
import { markVerified, setPendingOtp, useSession } from '../../lib/session-store';

/**
 * One-time PIN (spec 2 `/verify`, requires sign-in): the PIN sent at sign-up or sign-in. A right
 * PIN verifies the session; the member then proves their identity, or goes to their benefits.
 */
export function VerifyPage() {
  const [, navigate] = useLocation();
  const session = useSession();
  const otp = session.pendingOtp;

  async function submit(pin: string) {
    const result = await verifyOtp(pin);
    if (result.error) return fieldError(result.error, 'otp');
    markVerified(result.data.personUser);
    const user = result.data.personUser;
    navigate(user.iidentifiiVerified ? paths.benefits() : paths.idVerify(user.idNumber));
    return null;
  }

  async function resend() {
    const result = await resendOtp();
    if (result.data) setPendingOtp(result.data);
  }

  return (
    <PageIntro
      title="Enter your one-time PIN"
      intro="This keeps your account safe: only you can see your benefits and claim them."
    >
      <PinForm
        destination={otp?.destination}
        resendAvailableAt={otp?.resendAvailableAt}
        onSubmit={submit}
        onResend={resend}
      />
      <Anchor component={Link} to={paths.login()}>
        Not you? Sign in with another account
      </Anchor>
    </PageIntro>
  );
}
