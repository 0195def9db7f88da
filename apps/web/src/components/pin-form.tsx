import { Alert, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';

/**
 * Entry of a 6-digit PIN, with "send a new PIN" once `resendAvailableAt` has passed.
 * `onSubmit` answers an error message to show under the field, or null on success. The six boxes
 * form a group named "One-time PIN", each box named "PIN digit N of 6".
 */
export function PinForm(props: {
  destination?: string;
  resendAvailableAt?: string;
  onSubmit: (pin: string) => Promise<string | null>;
  onResend?: () => Promise<void>;
  submitLabel?: string;
}) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const waitSeconds = props.resendAvailableAt
    ? Math.max(0, Math.ceil((new Date(props.resendAvailableAt).getTime() - now) / 1000))
    : 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(pin)) {
      setError('Enter the 6 digits of your PIN.');
      return;
    }
    setBusy(true);
    const message = await props.onSubmit(pin);
    setBusy(false);
    setError(message);
    if (message) setPin('');
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {props.destination && (
          <Text>
            We sent a 6-digit PIN to <strong>{props.destination}</strong>.
          </Text>
        )}
        <PinInput
          length={6}
          type="number"
          oneTimeCode
          size="lg"
          value={pin}
          onChange={setPin}
          error={error !== null}
          role="group"
          aria-label="One-time PIN"
          getInputProps={(index) => ({ 'aria-label': `PIN digit ${index + 1} of 6` })}
          autoFocus
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" size="md" loading={busy}>
            {props.submitLabel ?? 'Continue'}
          </Button>
          {props.onResend && (
            <Button variant="subtle" disabled={waitSeconds > 0} onClick={() => props.onResend?.()}>
              {waitSeconds > 0 ? `Send a new PIN in ${waitSeconds} s` : 'Send a new PIN'}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
