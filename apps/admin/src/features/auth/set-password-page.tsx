import { PASSWORD_MIN_LENGTH, StaffSetPasswordRequest } from '@bcp/contract';
import { errorMessage } from '@bcp/web-client';
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { showFormErrors } from '../../lib/form';
import { withQueries } from '../../lib/with-queries';
import { AuthCard } from './auth-card';
import { checkPasswordLink, setPassword } from './session';

/**
 * The page a password link opens (`/admin/reset-password/{token}`): a reset link, or the invitation
 * a new staff user gets. Checks the link first (`verify-reset-url/{token}`), then sets the password;
 * then sign-in.
 */
function SetPasswordPage() {
  const { token = '' } = useParams<{ token: string }>();
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const link = useQuery({ queryKey: ['password-link', token], queryFn: () => checkPasswordLink(token) });
  const form = useForm({
    initialValues: { token, password: '', passwordConfirmation: '' },
    validate: schemaResolver(StaffSetPasswordRequest, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    const result = await setPassword(values);
    if (result.data) return navigate('/sign-in?passwordSet=1', { replace: true });
    if (!showFormErrors(form, result.error)) setFailure(errorMessage(result.error));
    const fields = (result.error.body as { errors?: Record<string, string[]> } | undefined)?.errors;
    if (fields?.token) setFailure(fields.token.join(' '));
  });

  if (link.isPending) return <Loader aria-label="Checking the link" m="xl" />;
  const problem = link.data?.error;
  if (problem) {
    const fields = (problem.body as { errors?: Record<string, string[]> } | undefined)?.errors;
    return (
      <AuthCard title="This link does not work">
        <Stack>
          <Alert color="red" role="alert">
            {fields?.token?.join(' ') ?? errorMessage(problem)}
          </Alert>
          <Anchor component={Link} href="/forgot-password">
            Ask for a new link
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose your password">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            For <strong>{link.data?.data?.email}</strong>. At least {PASSWORD_MIN_LENGTH} characters, with a capital
            letter, a number and a special character.
          </Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="New password again"
            autoComplete="new-password"
            required
            {...form.getInputProps('passwordConfirmation')}
          />
          <Button type="submit" loading={form.submitting}>
            Set password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** The page inside TanStack Query (the app's provider has none, decision 064). */
export default withQueries(SetPasswordPage);
