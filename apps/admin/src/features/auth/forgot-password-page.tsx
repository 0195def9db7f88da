import { StaffResetPasswordRequest } from '@bcp/contract';
import { errorMessage } from '@bcp/web-client';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'wouter';
import { AuthCard } from './auth-card';
import { requestPasswordLink } from './session';

/** Asks for a link to set a new password (`reset-password-request`); the answer never says whether the email is known. */
export default function ForgotPasswordPage() {
  const [answer, setAnswer] = useState<{ color: string; text: string } | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaResolver(StaffResetPasswordRequest, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    const result = await requestPasswordLink(values.email);
    setAnswer(
      result.data ? { color: 'green', text: result.data.message } : { color: 'red', text: errorMessage(result.error) },
    );
  });
  return (
    <AuthCard title="Set a new password">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">We will email you a link to set a new password. It works for 60 minutes, once.</Text>
          {answer && (
            <Alert color={answer.color} role={answer.color === 'red' ? 'alert' : 'status'}>
              {answer.text}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="username" required {...form.getInputProps('email')} />
          <Button type="submit" loading={form.submitting}>
            Email me a link
          </Button>
          <Anchor component={Link} href="/sign-in" size="sm">
            Back to sign-in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
