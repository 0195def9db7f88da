import {
  ACCOUNT_NUMBER_LENGTH,
  BANK_ACCOUNT_TYPES,
  type BankAccountType,
  type PersonBankResponse,
  required,
} from '@bcp/contract';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { rules, showServerErrors } from '../../../../lib/form';
import { createPersonBank, useBanks } from '../../api/claims';

interface Values {
  bankId: string;
  accountType: BankAccountType | '';
  accountNumber: string;
  holderName: string;
}

/**
 * Adds a bank account in the member's own name (issue 4 "Bank account"): bank from the list of South
 * African banks (with its universal branch code), account type, account number (digits, length
 * checked here and on the server), holder name. Server errors show per field. Bank and account
 * type are the browser's own select, which phones open as their native picker and which works
 * with the keyboard (issue 14 item 6: the custom dropdown failed on touch screens).
 */
export function BankAccountForm(props: {
  holderName: string;
  onSaved: (account: PersonBankResponse) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const banks = useBanks();
  const form = useForm<Values>({
    initialValues: { bankId: '', accountType: '', accountNumber: '', holderName: props.holderName },
    validate: {
      bankId: rules(required),
      accountType: rules(required),
      accountNumber: (value) => {
        const digits = value.replace(/[\s-]/g, '');
        if (!digits) return rules(required)(value);
        const ok =
          /^\d+$/.test(digits) &&
          digits.length >= ACCOUNT_NUMBER_LENGTH.min &&
          digits.length <= ACCOUNT_NUMBER_LENGTH.max;
        return ok ? null : t('messages.bankAccount.accountNumber');
      },
      holderName: rules(required),
    },
  });
  const bankOptions = [
    { value: '', label: t('bankAccount.chooseBank'), disabled: true },
    ...(banks.data?.items ?? []).map((bank) => ({
      value: String(bank.id),
      label: `${bank.name} (${bank.universalBranchCode})`,
    })),
  ];
  const typeOptions = [
    { value: '', label: t('bankAccount.chooseType'), disabled: true },
    ...BANK_ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`messages.bankAccountType.${type}`) })),
  ];

  async function submit(values: Values) {
    const result = await createPersonBank({
      bankId: Number(values.bankId),
      accountType: values.accountType as BankAccountType,
      accountNumber: values.accountNumber,
      holderName: values.holderName,
    });
    if (result.error) {
      showServerErrors(form, result.error);
      return;
    }
    props.onSaved(result.data);
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={t('bankAccount.formLabel')}>
      <Stack>
        <NativeSelect label={t('bankAccount.bank')} data={bankOptions} {...form.getInputProps('bankId')} />
        <NativeSelect label={t('bankAccount.accountType')} data={typeOptions} {...form.getInputProps('accountType')} />
        <TextInput
          label={t('bankAccount.accountNumber')}
          inputMode="numeric"
          autoComplete="off"
          {...form.getInputProps('accountNumber')}
        />
        <TextInput label={t('bankAccount.holder')} {...form.getInputProps('holderName')} />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {t('bankAccount.save')}
          </Button>
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel}>
              {t('common.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
