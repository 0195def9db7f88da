import {
  DIALOG_SIZE_PX,
  type OtpRequiredResponse,
  type PersonUserResponse,
  TOAST_TIMEOUT_MS,
  type TwoFactorMethod,
} from '@bcp/contract';
import { Button, Group, Modal, Stack } from '@mantine/core';
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
import { showToast } from '../../../lib/toasts';
import { updateTwoFactorMethod } from '../api/two-factor-method';

type Values = ContactMethodValues;

/**
 * Notification Settings (spec sections 2 and 5): a radio choice between Mobile Phone (SMS) and
 * Email, the input for the chosen method (prefilled), Cancel and Confirm, at least 400 px wide.
 * Switching the method clears the other field and prefills the chosen one from the user. A new
 * destination is confirmed with a PIN sent to it.
 */
export function NotificationSettingsDialog(props: {
  opened: boolean;
  personUser: PersonUserResponse;
  onClose: () => void;
  onSaved: (personUser: PersonUserResponse) => void;
}) {
  const { t } = useTranslation();
  const { personUser } = props;
  const initial = (method: TwoFactorMethod): Values => ({
    twoFactorMethod: method,
    email: method === 'EMAIL' ? (personUser.email ?? '') : '',
    phoneNumber: method === 'SMS' ? (personUser.phoneNumber ?? '') : '',
  });
  const form = useForm<Values>({
    initialValues: initial(personUser.twoFactorMethod),
    validate: contactMethodRules,
  });
  const [pending, setPending] = useState<OtpRequiredResponse | null>(null);
  const [saving, setSaving] = useState(false);

  function close() {
    form.setValues(initial(personUser.twoFactorMethod));
    form.clearErrors();
    setPending(null);
    props.onClose();
  }

  function switchMethod(method: TwoFactorMethod) {
    form.setValues(initial(method));
    form.clearErrors();
  }

  async function save(values: Values, otp?: string): Promise<string | null> {
    setSaving(true);
    const result = await updateTwoFactorMethod(personUser.id, {
      twoFactorMethod: values.twoFactorMethod,
      ...(values.twoFactorMethod === 'EMAIL' ? { email: values.email } : { phoneNumber: values.phoneNumber }),
      ...(otp ? { otp } : {}),
    });
    setSaving(false);
    if (result.error) {
      if (otp) return fieldError(result.error, 'otp');
      showServerErrors(form, result.error);
      return null;
    }
    if ('otpRequired' in result.data) {
      setPending(result.data);
      return null;
    }
    showToast({
      color: 'green',
      message: 'Notification Settings Updated',
      autoClose: TOAST_TIMEOUT_MS.default,
    });
    setPending(null);
    props.onSaved(result.data);
    props.onClose();
    return null;
  }

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t('nav.notificationSettings')}
      centered
      styles={{ content: { minWidth: DIALOG_SIZE_PX.notificationSettingsMinWidth } }}
    >
      {pending ? (
        <PinForm
          destination={pending.otp.destination}
          resendAvailableAt={pending.otp.resendAvailableAt}
          submitLabel={t('common.confirm')}
          onSubmit={(pin) => save(form.getValues(), pin)}
        />
      ) : (
        <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
          <Stack>
            <ContactMethodFields form={form} label={t('settings.method')} onMethodChange={switchMethod} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={saving}>
                {t('common.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
