import { errorMessage } from '@bcp/web-client/error-message';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { AuthCard } from './auth-card';
import { signIn } from './session';
import { signInErrors } from './sign-in-rules';

/** Shown after a 401 sent the user back here (`?ended=1`). */
export const SESSION_ENDED_MESSAGE = 'Your session ended. Please sign in again.';

/**
 * Step 1 of staff sign-in (issue 19): email and password, then the PIN page. `?next=` is where to
 * go once signed in; `?ended=1` says the session ended.
 */
export default function SignInPage() {
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: signInErrors,
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const result = await signIn(values);
    if (result.error) return setFailure(errorMessage(result.error));
    const next = search.get('next');
    navigate(`/sign-in/pin${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  });
  return (
    <AuthCard title="Sign in">
      <form onSubmit={submit} noValidate>
        <Stack>
          {search.get('ended') && !failure && <Alert color="blue">{SESSION_ENDED_MESSAGE}</Alert>}
          {search.get('passwordSet') && !failure && (
            <Alert color="green">Your password was set. Sign in with your new password.</Alert>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={form.submitting}>
            Continue
          </Button>
          <Anchor component={Link} href="/forgot-password" size="sm">
            Forgot your password?
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
