import { email, requiredIf, type TwoFactorMethod } from '@bcp/contract';
import { Group, Radio, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { rules } from '../lib/form';

/** The form values a contact method choice needs. */
export interface ContactMethodValues {
  twoFactorMethod: TwoFactorMethod;
  email: string;
  phoneNumber: string;
}

/**
 * The rules of spec section 5 "Notification settings": email required and valid for EMAIL, phone
 * number required for SMS (for `useForm`'s `validate`).
 */
export const contactMethodRules = {
  email: (value: string, values: ContactMethodValues) =>
    rules(requiredIf(values.twoFactorMethod === 'EMAIL'))(value) ??
    (values.twoFactorMethod === 'EMAIL' ? rules(email)(value) : null),
  phoneNumber: (value: string, values: ContactMethodValues) =>
    rules(requiredIf(values.twoFactorMethod === 'SMS'))(value),
};

/**
 * The radio choice between Mobile Phone (SMS) and Email, and the input of the chosen one (spec
 * section 2 "Notification Settings"; also the watchlist sign-up). `onMethodChange` sets the values
 * for the new method (clearing or prefilling).
 */
export function ContactMethodFields<T extends ContactMethodValues>(props: {
  form: UseFormReturnType<T>;
  label: string;
  onMethodChange: (method: TwoFactorMethod) => void;
}) {
  const { form } = props;
  const { t } = useTranslation();
  return (
    <>
      <Radio.Group
        label={props.label}
        value={form.getValues().twoFactorMethod}
        onChange={(method) => props.onMethodChange(method as TwoFactorMethod)}
      >
        <Group mt="xs">
          <Radio value="SMS" label={t('common.smsMethod')} />
          <Radio value="EMAIL" label={t('common.email')} />
        </Group>
      </Radio.Group>
      {form.getValues().twoFactorMethod === 'SMS' ? (
        <TextInput
          label={t('settings.phone')}
          type="tel"
          inputMode="tel"
          key={form.key('phoneNumber')}
          {...form.getInputProps('phoneNumber')}
        />
      ) : (
        <TextInput label={t('common.email')} type="email" key={form.key('email')} {...form.getInputProps('email')} />
      )}
    </>
  );
}
