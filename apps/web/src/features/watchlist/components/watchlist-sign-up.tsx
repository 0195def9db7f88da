import type { WatchlistPendingResponse } from '@bcp/contract';
import { Alert, Button, Checkbox, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ContactMethodFields,
  type ContactMethodValues,
  contactMethodRules,
} from '../../../components/contact-method-fields';
import { PinForm } from '../../../components/pin-form';
import { fieldError, showServerErrors } from '../../../lib/form';
import { confirmWatch, requestWatch } from '../api';

interface Values extends ContactMethodValues {
  consent: boolean;
}

/**
 * The watchlist sign-up under a search that found nothing (issue 21 item 3): SMS or email, the
 * consent text, then the PIN sent there; the ID number is the one just searched. The answer
 * says the watch has started (every message it sends has an unsubscribe link).
 */
export function WatchlistSignUp(props: { idNumber: string }) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: { twoFactorMethod: 'SMS', email: '', phoneNumber: '', consent: false },
    validate: {
      ...contactMethodRules,
      consent: (value) => (value ? null : t('watchlist.consentRequired')),
    },
  });
  const [pending, setPending] = useState<WatchlistPendingResponse | null>(null);
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);

  async function ask(values: Values) {
    setSaving(true);
    const result = await requestWatch({
      idNumber: props.idNumber,
      twoFactorMethod: values.twoFactorMethod,
      ...(values.twoFactorMethod === 'EMAIL' ? { email: values.email } : { phoneNumber: values.phoneNumber }),
      consent: true,
    });
    setSaving(false);
    if (result.error) {
      showServerErrors(form, result.error);
      return;
    }
    setPending(result.data);
  }

  async function confirm(pin: string): Promise<string | null> {
    if (!pending) return null;
    const result = await confirmWatch(pending.watchId, { otp: pin });
    if (result.error) return fieldError(result.error, 'otp');
    setDone(true);
    return null;
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="watchlist-title">
      <Stack>
        <Title order={2} size="h4" id="watchlist-title">
          {t('watchlist.offer')}
        </Title>
        {done ? (
          <Alert color="green" title={t('watchlist.watching')} role="status" />
        ) : pending ? (
          <PinForm
            destination={pending.otp.destination}
            resendAvailableAt={pending.otp.resendAvailableAt}
            submitLabel={t('watchlist.startWatch')}
            onSubmit={confirm}
          />
        ) : (
          <form onSubmit={form.onSubmit((values) => void ask(values))} noValidate>
            <Stack>
              <ContactMethodFields
                form={form}
                label={t('watchlist.tellMeBy')}
                onMethodChange={(method) => {
                  form.setValues({ twoFactorMethod: method, email: '', phoneNumber: '' });
                  form.clearErrors();
                }}
              />
              <Checkbox
                label={t('watchlist.consent')}
                key={form.key('consent')}
                {...form.getInputProps('consent', { type: 'checkbox' })}
              />
              <Button type="submit" loading={saving} w="fit-content">
                {t('watchlist.sendPin')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
