import { required } from '@bcp/contract';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { PageIntro } from '../../../components/layout/page-intro';
import { paths } from '../../../config/paths';
import { login } from '../../../features/auth/api/login';
import { errorMessage } from '../../../lib/api-client';
import { rules, showServerErrors } from '../../../lib/form';
import { type LoginReason, SESSION_ENDED_MESSAGE } from '../../../lib/session';
import { startSession } from '../../../lib/session-store';

/**
 * Sign in (spec 2 `/auth/login`): ID number or email and password, then the PIN on /verify. After
 * a 401 (location state `sessionEnded`) it first says why: 'Your session ended. Please sign in again.'
 */
export function LoginPage() {
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
      else setFailure(errorMessage(result.error));
      return;
    }
    startSession(result.data);
    navigate(paths.verify());
  }

  return (
    <PageIntro title="Sign in" intro="Sign in with your ID number or email and your password. We then send you a PIN.">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          {sessionEnded && (
            <Alert color="yellow" role="status">
              {SESSION_ENDED_MESSAGE}
            </Alert>
          )}
          <TextInput
            label="ID number or email"
            autoComplete="username"
            key={form.key('identifier')}
            {...form.getInputProps('identifier')}
          />
          <PasswordInput
            label="Password"
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
            Sign in
          </Button>
          <Anchor component={Link} to={paths.forgotPassword()}>
            Forgot your password?
          </Anchor>
          <Anchor component={Link} to={paths.search()}>
            New here? Search with your ID number
          </Anchor>
          <Anchor component={Link} to={paths.checkMessage()}>
            Is this message from us? Check an SMS or email
          </Anchor>
        </Stack>
      </form>
    </PageIntro>
  );
}
