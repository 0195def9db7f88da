import { StaffVerifyOtpRequest } from '@bcp/contract';
import { errorMessage } from '@bcp/web-client';
import { Alert, Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useInterval } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { useAdminSession } from '../../lib/session-store';
import { AuthCard } from './auth-card';
import { resendPin, verifyPin } from './session';

/** Whole seconds from now until `iso` (0 when past). */
function secondsUntil(iso: string | undefined, now: number): number {
  return iso ? Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000)) : 0;
}

/** Where `next` may send the user: a path of this app, never another site. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/**
 * Step 2 of staff sign-in: the 6-digit PIN sent by the user's method. "Send a new PIN" waits for
 * the server's `resendAvailableAt` (counting down); the server's throttle messages (wait, too many
 * an hour, too many wrong PINs) are shown as they come.
 */
export default function PinPage() {
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const token = useAdminSession((state) => state.apiToken);
  const verified = useAdminSession((state) => state.verified);
  const pending = useAdminSession((state) => state.pendingOtp);
  const [now, setNow] = useState(Date.now());
  const ticker = useInterval(() => setNow(Date.now()), 1000);
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);
  const form = useForm({
    initialValues: { otp: '' },
    validate: schemaResolver(StaffVerifyOtpRequest, { sync: true }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ticker runs for the page's life.
  useEffect(() => {
    ticker.start();
    return ticker.stop;
  }, []);

  if (!token) return <Redirect to="/sign-in" />;
  if (verified) return <Redirect to={safeNext(search.get('next'))} />;

  const wait = secondsUntil(pending?.resendAvailableAt, now);
  const submit = form.onSubmit(async (values) => {
    setNotice(null);
    const result = await verifyPin(values.otp);
    if (result.data) return navigate(safeNext(search.get('next')), { replace: true });
    const fields = (result.error.body as { errors?: Record<string, string[]> } | undefined)?.errors;
    if (fields?.otp) form.setFieldError('otp', fields.otp.join('\n'));
    else setNotice({ color: 'red', text: errorMessage(result.error) });
  });
  const resend = async () => {
    setNotice(null);
    const result = await resendPin();
    setNotice(
      result.data
        ? { color: 'green', text: `We sent a new PIN to ${result.data.destination}.` }
        : { color: 'red', text: errorMessage(result.error) },
    );
  };

  return (
    <AuthCard title="Enter your PIN">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text>
            We sent a 6-digit PIN to <strong>{pending?.destination ?? 'you'}</strong>
            {pending ? ` by ${pending.channel === 'SMS' ? 'SMS' : 'email'}` : ''}.
          </Text>
          {notice && (
            <Alert color={notice.color} role={notice.color === 'red' ? 'alert' : 'status'}>
              {notice.text}
            </Alert>
          )}
          <Stack gap={4}>
            <Text component="label" htmlFor="pin" fw={500} size="sm">
              PIN
            </Text>
            <PinInput id="pin" length={6} type="number" oneTimeCode aria-label="PIN" {...form.getInputProps('otp')} />
            {form.errors.otp && (
              <Text c="red.7" size="sm" role="alert">
                {form.errors.otp}
              </Text>
            )}
          </Stack>
          <Button type="submit" loading={form.submitting}>
            Sign in
          </Button>
          <Group justify="space-between">
            <Button variant="subtle" onClick={resend} disabled={wait > 0}>
              Send a new PIN
            </Button>
            {wait > 0 && (
              <Text size="sm" c="dimmed" aria-live="polite">
                You can ask for a new PIN in {wait} s.
              </Text>
            )}
          </Group>
          <Anchor component={Link} href="/sign-in" size="sm">
            Start again
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
