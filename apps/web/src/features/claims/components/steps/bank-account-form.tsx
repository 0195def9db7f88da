import {
  ACCOUNT_NUMBER_LENGTH,
  BANK_ACCOUNT_MESSAGES,
  BANK_ACCOUNT_TYPE_LABELS,
  BANK_ACCOUNT_TYPES,
  type BankAccountType,
  type PersonBankResponse,
  required,
} from '@bcp/contract';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
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
        return ok ? null : BANK_ACCOUNT_MESSAGES.accountNumber;
      },
      holderName: rules(required),
    },
  });
  const bankOptions = [
    { value: '', label: 'Choose your bank', disabled: true },
    ...(banks.data?.items ?? []).map((bank) => ({
      value: String(bank.id),
      label: `${bank.name} (${bank.universalBranchCode})`,
    })),
  ];
  const typeOptions = [
    { value: '', label: 'Choose the account type', disabled: true },
    ...BANK_ACCOUNT_TYPES.map((type) => ({ value: type, label: BANK_ACCOUNT_TYPE_LABELS[type] })),
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
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Add a bank account">
      <Stack>
        <NativeSelect label="Bank" data={bankOptions} {...form.getInputProps('bankId')} />
        <NativeSelect label="Account type" data={typeOptions} {...form.getInputProps('accountType')} />
        <TextInput
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          {...form.getInputProps('accountNumber')}
        />
        <TextInput label="Account holder's name" {...form.getInputProps('holderName')} />
        <Group>
          <Button type="submit" loading={form.submitting}>
            Save bank account
          </Button>
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
