import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { PageIntro } from '../../../components/layout/page-intro';
import { PinForm } from '../../../components/pin-form';
import { paths } from '../../../config/paths';
import { verifyResetOtp } from '../../../features/auth/api/password-reset';
import { fieldError } from '../../../lib/form';

/** Reset PIN (spec 2 `/auth/send-reset-password-otp`): the PIN is exchanged for a reset token. */
export function SendResetPasswordOtpPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const state = useHistoryState() as { identifier?: string; destination?: string } | null;
  const identifier = state?.identifier;
  if (!identifier) return <Redirect to={paths.forgotPassword()} replace />;

  async function submit(pin: string) {
    const result = await verifyResetOtp(identifier as string, pin);
    if (result.error) return fieldError(result.error, 'otp');
    navigate(paths.resetPassword(), { state: { resetToken: result.data.resetToken }, replace: true });
    return null;
  }

  return (
    <PageIntro title={t('titles.verify')} intro={t('resetOtp.intro')}>
      <PinForm destination={state?.destination} onSubmit={submit} />
    </PageIntro>
  );
}
