import { email, parseSaIdNumber, required, requiredIf, strongPassword } from '@bcp/contract';
import { Anchor, Button, Checkbox, Group, PasswordInput, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { paths } from '../../config/paths';
import { signUp } from '../../features/auth/api/sign-up';
import { appMessage, currentLanguage, translateMessage } from '../../i18n';
import { rules, showServerErrors } from '../../lib/form';
import { setSignedUpPersonUser, startSession } from '../../lib/session-store';
import { LazyTermsDialog, preloadTermsDialog } from './auth/lazy-terms-dialog';

interface Values {
  idNumber: string;
  email: string;
  phoneNumber: string;
  password: string;
  passwordConfirmation: string;
  twoFactorMethod: 'SMS' | 'EMAIL';
  acceptTerms: boolean;
}

/**
 * The sign-up form (spec 2 `/sign-up/{idNumber}`; issue 3): ID number from the search, email,
 * phone, password and confirmation (spec 5 strong password), two-factor method and the terms. On
 * success the first PIN is on its way and the member goes to /verify. Shown by `SignUpPage`
 * (`./sign-up`) under the page's title, and loaded by it: Mantine's form and inputs stay out of the
 * entry chunk.
 */
export function SignUpForm() {
  const { t } = useTranslation();
  const params = useParams();
  const [, navigate] = useLocation();
  const [termsOpen, setTermsOpen] = useState(false);
  const form = useForm<Values>({
    initialValues: {
      idNumber: params.idNumber ?? '',
      email: '',
      phoneNumber: '',
      password: '',
      passwordConfirmation: '',
      twoFactorMethod: 'SMS',
      acceptTerms: false,
    },
    validate: {
      idNumber: (value) => {
        const parsed = parseSaIdNumber(value);
        // Checked before sending: the contract's own message, not a server's.
        return parsed.valid ? null : translateMessage(appMessage(parsed.message));
      },
      email: (value, values) =>
        rules(requiredIf(values.twoFactorMethod === 'EMAIL'))(value) ?? (value ? rules(email)(value) : null),
      phoneNumber: (value, values) => rules(requiredIf(values.twoFactorMethod === 'SMS'))(value),
      password: rules(required, strongPassword),
      passwordConfirmation: (value, values) =>
        rules(required)(value) ?? (value === values.password ? null : t('messages.account.passwordsDiffer')),
      acceptTerms: (value) => (value ? null : t('messages.account.acceptTerms')),
    },
  });

  async function submit(values: Values) {
    // The app's language becomes the language of the member's messages (decision 036).
    const result = await signUp({ ...values, acceptTerms: values.acceptTerms as true, language: currentLanguage() });
    if (result.error) {
      showServerErrors(form, result.error);
      return;
    }
    startSession(result.data);
    setSignedUpPersonUser(result.data.personUser);
    navigate(paths.verify());
  }

  return (
    <>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput
            label={t('common.idNumber')}
            inputMode="numeric"
            key={form.key('idNumber')}
            {...form.getInputProps('idNumber')}
          />
          <TextInput
            label={t('signUp.phone')}
            type="tel"
            inputMode="tel"
            description={t('signUp.phoneDescription')}
            key={form.key('phoneNumber')}
            {...form.getInputProps('phoneNumber')}
          />
          <TextInput label={t('common.email')} type="email" key={form.key('email')} {...form.getInputProps('email')} />
          <Radio.Group
            label={t('signUp.method')}
            key={form.key('twoFactorMethod')}
            {...form.getInputProps('twoFactorMethod')}
          >
            <Group mt="xs">
              <Radio value="SMS" label={t('common.smsMethod')} />
              <Radio value="EMAIL" label={t('common.email')} />
            </Group>
          </Radio.Group>
          <PasswordInput
            label={t('common.password')}
            description={t('signUp.passwordDescription')}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('signUp.confirmPassword')}
            key={form.key('passwordConfirmation')}
            {...form.getInputProps('passwordConfirmation')}
          />
          <Checkbox
            label={
              <>
                {t('signUp.acceptThe')}{' '}
                <Anchor
                  component="button"
                  type="button"
                  onClick={() => setTermsOpen(true)}
                  onPointerEnter={() => void preloadTermsDialog()}
                  onFocus={() => void preloadTermsDialog()}
                >
                  {t('signUp.termsLink')}
                </Anchor>
              </>
            }
            key={form.key('acceptTerms')}
            {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
          />
          <Button type="submit" size="lg" loading={form.submitting}>
            {t('signUp.submit')}
          </Button>
        </Stack>
      </form>
      <LazyTermsDialog opened={termsOpen} onClose={() => setTermsOpen(false)} />
    </>
  );
}
