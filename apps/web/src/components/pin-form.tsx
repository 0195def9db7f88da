import { Alert, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
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
      setError(t('messages.account.otpFormat'));
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
            {t('pin.sentTo')} <strong>{props.destination}</strong>.
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
          aria-label={t('pin.group')}
          getInputProps={(index) => ({ 'aria-label': t('pin.digit', { number: index + 1 }) })}
          autoFocus
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" size="md" loading={busy}>
            {props.submitLabel ?? t('common.continue')}
          </Button>
          {props.onResend && (
            <Button variant="subtle" disabled={waitSeconds > 0} onClick={() => props.onResend?.()}>
              {waitSeconds > 0 ? t('pin.resendIn', { seconds: waitSeconds }) : t('pin.resend')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
