import { type ResetPasswordUserResponse, required } from '@bcp/contract';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { PageIntro } from '../../../components/layout/page-intro';
import { paths } from '../../../config/paths';
import { findResetUser, requestReset } from '../../../features/auth/api/password-reset';
import { translateError } from '../../../i18n/errors';
import { rules, showServerErrors } from '../../../lib/form';

/**
 * Forgot password (spec 2 `/auth/forgot-password`): find the account (only a masked destination
 * is shown), then send the reset PIN and go on to enter it.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [found, setFound] = useState<ResetPasswordUserResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useForm({ initialValues: { identifier: '' }, validate: { identifier: rules(required) } });

  async function find(values: { identifier: string }) {
    const result = await findResetUser(values.identifier);
    if (result.error) {
      showServerErrors(form, result.error);
      return;
    }
    setFound(result.data);
  }

  async function send() {
    setSending(true);
    setFailure(null);
    const identifier = form.getValues().identifier;
    const result = await requestReset(identifier);
    setSending(false);
    if (result.error) {
      setFailure(translateError(result.error));
      return;
    }
    navigate(paths.sendResetPasswordOtp(), { state: { identifier, destination: result.data.destination } });
  }

  return (
    <PageIntro title={t('forgotPassword.title')} intro={t('forgotPassword.intro')}>
      {found ? (
        <Stack>
          <Text>
            {t('forgotPassword.willSend', {
              channel: found.channel === 'EMAIL' ? t('common.channelEmail') : t('common.channelSms'),
            })}{' '}
            <strong>{found.destination}</strong>.
          </Text>
          {failure && <Alert color="red">{failure}</Alert>}
          <Button size="lg" onClick={send} loading={sending}>
            {t('forgotPassword.send')}
          </Button>
          <Button variant="subtle" onClick={() => setFound(null)}>
            {t('forgotPassword.other')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit(find)} noValidate>
          <Stack>
            <TextInput
              label={t('common.idOrEmail')}
              key={form.key('identifier')}
              {...form.getInputProps('identifier')}
            />
            <Button type="submit" size="lg" loading={form.submitting}>
              {t('common.continue')}
            </Button>
          </Stack>
        </form>
      )}
    </PageIntro>
  );
}
