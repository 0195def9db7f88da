import type { FundResponse, InvoiceResponse } from '@bcp/contract';
import { Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormActions } from '../../components/form-actions';
import { api } from '../../lib/api';
import { todayInSouthAfrica } from '../../lib/format';
import { useOptions } from '../../lib/options';
import { save } from '../../lib/save';

/** Today and the first of this month, `YYYY-MM-DD` in South Africa (UTC+2). */
function thisMonth(): { from: string; to: string } {
  const today = todayInSouthAfrica();
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * A draft invoice (`POST invoices`): a fund and a period (both days included); its lines are the
 * fees of the fund's claims paid in the period. The recipient (the fund's name by default, its
 * address and VAT number) is printed on the tax invoice.
 */
export function DraftInvoiceModal(props: { onClose: () => void; onCreated: (invoice: InvoiceResponse) => void }) {
  const funds = useOptions<FundResponse>('v1/funds', (fund) => fund.name);
  const period = thisMonth();
  const form = useForm({
    initialValues: {
      fundId: null as string | null,
      periodFrom: period.from,
      periodTo: period.to,
      recipient: { name: '', address: '', vatNumber: '' },
      notes: '',
    },
    validate: {
      fundId: (value) => (value ? null : 'Choose the fund.'),
      'recipient.name': (value: string) => (value.trim() ? null : 'Give the recipient’s name.'),
      'recipient.address': (value: string) => (value.trim() ? null : 'Give the recipient’s address.'),
    },
  });
  const submit = form.onSubmit(async (values) => {
    const invoice = await save(
      api.post<InvoiceResponse>('v1/invoices', {
        json: {
          fundId: Number(values.fundId),
          periodFrom: values.periodFrom,
          periodTo: values.periodTo,
          recipient: {
            name: values.recipient.name.trim(),
            address: values.recipient.address
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean),
            vatNumber: values.recipient.vatNumber.trim() || null,
          },
          ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
        },
      }),
      { done: 'Draft invoice created.', invalidate: ['v1/invoices'], form },
    );
    if (invoice) props.onCreated(invoice);
  });
  return (
    <Modal opened onClose={props.onClose} title="New draft invoice" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label="Fund"
            required
            searchable
            data={funds}
            {...form.getInputProps('fundId')}
            onChange={(value) => {
              form.setFieldValue('fundId', value);
              const name = funds.find((fund) => fund.value === value)?.label;
              if (name && !form.values.recipient.name) form.setFieldValue('recipient.name', name);
            }}
          />
          <SimpleGrid cols={2}>
            <TextInput type="date" label="Period from" required {...form.getInputProps('periodFrom')} />
            <TextInput type="date" label="Period to" required {...form.getInputProps('periodTo')} />
          </SimpleGrid>
          <TextInput label="Recipient name" required {...form.getInputProps('recipient.name')} />
          <Textarea
            label="Recipient address"
            description="One line per address line"
            required
            autosize
            minRows={3}
            {...form.getInputProps('recipient.address')}
          />
          <TextInput
            label="Recipient VAT number"
            description="Leave empty when the fund is not a VAT vendor"
            {...form.getInputProps('recipient.vatNumber')}
          />
          <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
          <FormActions label="Create draft" onCancel={props.onClose} submitting={form.submitting} />
        </Stack>
      </form>
    </Modal>
  );
}
