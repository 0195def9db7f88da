import {
  CreatePartnerRequest,
  type FundResponse,
  PARTNER_KIND_LABELS,
  PARTNER_KINDS,
  type PartnerResponse,
} from '@bcp/contract';
import { Modal, MultiSelect, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { FormActions } from '../../components/form-actions';
import { api } from '../../lib/api';
import { useOptions } from '../../lib/options';
import { save } from '../../lib/save';

interface PartnerValues {
  name: string;
  kind: (typeof PARTNER_KINDS)[number];
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  active: boolean;
  fundIds: string[];
}

function toRequest(values: PartnerValues) {
  return {
    name: values.name,
    kind: values.kind,
    contactName: values.contactName.trim() || null,
    contactEmail: values.contactEmail.trim() || null,
    contactPhone: values.contactPhone.trim() || null,
    active: values.active,
    fundIds: values.fundIds.map(Number),
  };
}

/** Creating or editing a partner (`POST partners`, `PATCH partners/{id}`) with the funds it serves. */
export function PartnerFormModal(props: {
  partner?: PartnerResponse;
  onClose: () => void;
  onSaved?: (partner: PartnerResponse) => void;
}) {
  const partner = props.partner;
  const form = useForm<PartnerValues>({
    initialValues: {
      name: partner?.name ?? '',
      kind: partner?.kind ?? 'fund-administrator',
      contactName: partner?.contactName ?? '',
      contactEmail: partner?.contactEmail ?? '',
      contactPhone: partner?.contactPhone ?? '',
      active: partner?.active ?? true,
      fundIds: partner?.funds.map((fund) => String(fund.id)) ?? [],
    },
    validate: (values) => schemaResolver(CreatePartnerRequest, { sync: true })(toRequest(values)),
  });
  const funds = useOptions<FundResponse>('v1/funds', (fund) => fund.name);
  const submit = form.onSubmit(async (values) => {
    const body = toRequest(values);
    const saved = await save(
      partner
        ? api.patch<PartnerResponse>(`v1/partners/${partner.id}`, { json: body })
        : api.post<PartnerResponse>('v1/partners', { json: body }),
      { done: partner ? 'Partner saved.' : 'Partner created.', invalidate: ['v1/partners'], form },
    );
    if (!saved) return;
    props.onSaved?.(saved);
    props.onClose();
  });
  return (
    <Modal opened onClose={props.onClose} title={partner ? `Edit ${partner.name}` : 'New partner'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <Select
            label="Kind"
            allowDeselect={false}
            data={PARTNER_KINDS.map((kind) => ({ value: kind, label: PARTNER_KIND_LABELS[kind] }))}
            {...form.getInputProps('kind')}
          />
          <SimpleGrid cols={3}>
            <TextInput label="Contact name" {...form.getInputProps('contactName')} />
            <TextInput label="Contact email" type="email" {...form.getInputProps('contactEmail')} />
            <TextInput label="Contact phone" type="tel" {...form.getInputProps('contactPhone')} />
          </SimpleGrid>
          <MultiSelect label="Funds it serves" data={funds} searchable {...form.getInputProps('fundIds')} />
          <Switch
            label="Active (an inactive partner's keys are refused)"
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <FormActions
            label={partner ? 'Save' : 'Create partner'}
            onCancel={props.onClose}
            submitting={form.submitting}
          />
        </Stack>
      </form>
    </Modal>
  );
}
