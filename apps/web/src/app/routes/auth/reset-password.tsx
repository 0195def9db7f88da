import { required, strongPassword } from '@bcp/contract';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { PageIntro } from '../../../components/layout/page-intro';
import { paths } from '../../../config/paths';
import { resetPassword } from '../../../features/auth/api/password-reset';
import { rules, showServerErrors } from '../../../lib/form';
import { showToast } from '../../../lib/toasts';

/** New password (spec 2 `/auth/reset-password`): a strong password (spec 5), then sign in again. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const resetToken = (useHistoryState() as { resetToken?: string } | null)?.resetToken;
  const form = useForm({
    initialValues: { password: '', passwordConfirmation: '' },
    validate: {
      password: rules(required, strongPassword),
      passwordConfirmation: (value, values) =>
        rules(required)(value) ?? (value === values.password ? null : t('messages.account.passwordsDiffer')),
    },
  });
  if (!resetToken) return <Redirect to={paths.forgotPassword()} replace />;

  async function submit(values: { password: string; passwordConfirmation: string }) {
    const result = await resetPassword({ resetToken: resetToken as string, ...values });
    if (result.error) {
      showServerErrors(form, result.error);
      return;
    }
    // The app's own text for the 200 (the answer's English `message` is not shown).
    showToast({ color: 'green', message: t('resetPassword.done') });
    navigate(paths.login(), { replace: true });
  }

  return (
    <PageIntro title={t('titles.resetPassword')} intro={t('common.passwordRule')}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <PasswordInput
            label={t('resetPassword.newPassword')}
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('resetPassword.confirm')}
            autoComplete="new-password"
            key={form.key('passwordConfirmation')}
            {...form.getInputProps('passwordConfirmation')}
          />
          <Button type="submit" size="lg" loading={form.submitting}>
            {t('resetPassword.save')}
          </Button>
        </Stack>
      </form>
    </PageIntro>
  );
}
