import { email, parseSaIdNumber, required, requiredIf, strongPassword } from '@bcp/contract';
import { Anchor, Button, Checkbox, Group, Modal, PasswordInput, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { PageIntro } from '../../components/layout/page-intro';
import { paths } from '../../config/paths';
import { signUp } from '../../features/auth/api/sign-up';
import { rules, showServerErrors } from '../../lib/form';
import { setSignedUpPersonUser, startSession } from '../../lib/session-store';
import { TermsContent } from './auth/terms';

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
 * Sign-up (spec 2 `/sign-up/{idNumber}`; issue 3): ID number from the search, email, phone,
 * password and confirmation (spec 5 strong password), two-factor method and the terms. On success
 * the first PIN is on its way and the member goes to /verify.
 */
export function SignUpPage() {
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
        return parsed.valid ? null : parsed.message;
      },
      email: (value, values) =>
        rules(requiredIf(values.twoFactorMethod === 'EMAIL'))(value) ?? (value ? rules(email)(value) : null),
      phoneNumber: (value, values) => rules(requiredIf(values.twoFactorMethod === 'SMS'))(value),
      password: rules(required, strongPassword),
      passwordConfirmation: (value, values) =>
        rules(required)(value) ?? (value === values.password ? null : 'Passwords do not match.'),
      acceptTerms: (value) => (value ? null : 'Please accept the terms to continue.'),
    },
  });

  async function submit(values: Values) {
    const result = await signUp({ ...values, acceptTerms: values.acceptTerms as true });
    if (result.error) {
      showServerErrors(form, result.error);
      return;
    }
    startSession(result.data);
    setSignedUpPersonUser(result.data.personUser);
    navigate(paths.verify());
  }

  return (
    <PageIntro title="Create your account" intro="You need an account to see your benefits and claim them.">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput
            label="ID number"
            inputMode="numeric"
            key={form.key('idNumber')}
            {...form.getInputProps('idNumber')}
          />
          <TextInput
            label="Cellphone number"
            type="tel"
            inputMode="tel"
            description="We send PINs and news about your claim here"
            key={form.key('phoneNumber')}
            {...form.getInputProps('phoneNumber')}
          />
          <TextInput label="Email" type="email" key={form.key('email')} {...form.getInputProps('email')} />
          <Radio.Group
            label="Send my PINs by"
            key={form.key('twoFactorMethod')}
            {...form.getInputProps('twoFactorMethod')}
          >
            <Group mt="xs">
              <Radio value="SMS" label="Mobile Phone (SMS)" />
              <Radio value="EMAIL" label="Email" />
            </Group>
          </Radio.Group>
          <PasswordInput
            label="Password"
            description="At least 10 characters, with a capital letter, a number and one of !@#$%^&*_-=+"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            key={form.key('passwordConfirmation')}
            {...form.getInputProps('passwordConfirmation')}
          />
          <Checkbox
            label={
              <>
                I accept the{' '}
                <Anchor component="button" type="button" onClick={() => setTermsOpen(true)}>
                  terms of use
                </Anchor>
              </>
            }
            key={form.key('acceptTerms')}
            {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
          />
          <Button type="submit" size="lg" loading={form.submitting}>
            Create account
          </Button>
        </Stack>
      </form>
      <Modal opened={termsOpen} onClose={() => setTermsOpen(false)} title="Terms of use" size="lg">
        <TermsContent />
      </Modal>
    </PageIntro>
  );
}
