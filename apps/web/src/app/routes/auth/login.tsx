import { required } from '@bcp/contract';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { PageIntro } from '../../../components/layout/page-intro';
import { paths } from '../../../config/paths';
import { login } from '../../../features/auth/api/login';
import { translateError } from '../../../i18n/errors';
import { rules, showServerErrors } from '../../../lib/form';
import type { LoginReason } from '../../../lib/session';
import { startSession } from '../../../lib/session-store';

/**
 * Sign in (spec 2 `/auth/login`): ID number or email and password, then the PIN on /verify. After
 * a 401 (location state `sessionEnded`) it first says why: 'Your session ended. Please sign in again.'
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const sessionEnded = (useHistoryState() as LoginReason | null)?.sessionEnded === true;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { identifier: '', password: '' },
    validate: { identifier: rules(required), password: rules(required) },
  });

  async function submit(values: { identifier: string; password: string }) {
    setFailure(null);
    const result = await login(values);
    if (result.error) {
      if (result.error.status === 422) showServerErrors(form, result.error);
      else setFailure(translateError(result.error));
      return;
    }
    startSession(result.data);
    navigate(paths.verify());
  }

  return (
    <PageIntro title={t('titles.login')} intro={t('login.intro')}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          {sessionEnded && (
            <Alert color="yellow" role="status">
              {t('messages.session.ended')}
            </Alert>
          )}
          <TextInput
            label={t('common.idOrEmail')}
            autoComplete="username"
            key={form.key('identifier')}
            {...form.getInputProps('identifier')}
          />
          <PasswordInput
            label={t('common.password')}
            autoComplete="current-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Button type="submit" size="lg" loading={form.submitting}>
            {t('common.signIn')}
          </Button>
          <Anchor component={Link} to={paths.forgotPassword()}>
            {t('login.forgot')}
          </Anchor>
          <Anchor component={Link} to={paths.search()}>
            {t('login.newHere')}
          </Anchor>
          <Anchor component={Link} to={paths.checkMessage()}>
            {t('common.checkMessageLink')}
          </Anchor>
        </Stack>
      </form>
    </PageIntro>
  );
}
