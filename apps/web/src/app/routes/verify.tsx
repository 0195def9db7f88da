import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
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
    <PageIntro title={t('titles.verify')} intro={t('verify.intro')}>
      <PinForm
        destination={otp?.destination}
        resendAvailableAt={otp?.resendAvailableAt}
        onSubmit={submit}
        onResend={resend}
      />
      <Anchor component={Link} to={paths.login()}>
        {t('verify.notYou')}
      </Anchor>
    </PageIntro>
  );
}
