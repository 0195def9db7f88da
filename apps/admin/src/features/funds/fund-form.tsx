import {
  CreateFundRequest,
  type FUND_STATUSES,
  type FundResponse,
  type FundTypeResponse,
  type PartnerResponse,
} from '@bcp/contract';
import { Modal, Select, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { FormActions } from '../../components/form-actions';
import { api } from '../../lib/api';
import { useOptions } from '../../lib/options';
import { save } from '../../lib/save';

/** The form's values: ids as select strings, optional texts as strings (empty clears). */
interface FundValues {
  name: string;
  registrationNumber: string;
  fundTypeId: string | null;
  administratorPartnerId: string | null;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  tags: string[];
  status: (typeof FUND_STATUSES)[number];
}

function toValues(fund?: FundResponse): FundValues {
  return {
    name: fund?.name ?? '',
    registrationNumber: fund?.registrationNumber ?? '',
    fundTypeId: fund?.fundType ? String(fund.fundType.id) : null,
    administratorPartnerId: fund?.administrator ? String(fund.administrator.id) : null,
    contactName: fund?.contactName ?? '',
    contactEmail: fund?.contactEmail ?? '',
    contactPhone: fund?.contactPhone ?? '',
    tags: fund?.tags ?? [],
    status: fund?.status ?? 'active',
  };
}

/** The request body (`CreateFundRequest`, also the PATCH body): empty optional fields are cleared. */
function toRequest(values: FundValues) {
  return {
    name: values.name,
    registrationNumber: values.registrationNumber,
    fundTypeId: values.fundTypeId ? Number(values.fundTypeId) : null,
    administratorPartnerId: values.administratorPartnerId ? Number(values.administratorPartnerId) : null,
    contactName: values.contactName.trim() || null,
    contactEmail: values.contactEmail.trim() || null,
    contactPhone: values.contactPhone.trim() || null,
    tags: values.tags,
    status: values.status,
  };
}

/**
 * Creating or editing a fund (`POST funds`, `PATCH funds/{id}`): name, FSCA registration number,
 * type, administrator (an active fund administrator partner), contact details, tags and status
 * (archive). Field errors from the server show under their fields.
 */
export function FundFormModal(props: {
  fund?: FundResponse;
  opened: boolean;
  onClose: () => void;
  onSaved?: (fund: FundResponse) => void;
}) {
  const form = useForm<FundValues>({
    initialValues: toValues(props.fund),
    validate: (values) => schemaResolver(CreateFundRequest, { sync: true })(toRequest(values)),
  });
  const fundTypes = useOptions<FundTypeResponse>('v1/fund_types', (type) => type.name);
  const administrators = useOptions<PartnerResponse>('v1/partners', (partner) => partner.name, {
    'filter[kind]': 'fund-administrator',
  });
  const submit = form.onSubmit(async (values) => {
    const body = toRequest(values);
    const fund = await save(
      props.fund
        ? api.patch<FundResponse>(`v1/funds/${props.fund.id}`, { json: body })
        : api.post<FundResponse>('v1/funds', { json: body }),
      { done: props.fund ? 'Fund saved.' : 'Fund created.', invalidate: ['v1/funds'], form },
    );
    if (!fund) return;
    props.onSaved?.(fund);
    props.onClose();
  });
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.fund ? 'Edit fund' : 'New fund'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <SimpleGrid cols={2}>
            <TextInput
              label="Registration number"
              description="FSCA, e.g. 12/8/12345"
              required
              {...form.getInputProps('registrationNumber')}
            />
            <Select label="Fund type" data={fundTypes} clearable {...form.getInputProps('fundTypeId')} />
          </SimpleGrid>
          <Select
            label="Administrator"
            description="The fund administrator who answers claims through the partner API"
            data={administrators}
            clearable
            {...form.getInputProps('administratorPartnerId')}
          />
          <SimpleGrid cols={3}>
            <TextInput label="Contact name" {...form.getInputProps('contactName')} />
            <TextInput label="Contact email" type="email" {...form.getInputProps('contactEmail')} />
            <TextInput label="Contact phone" type="tel" {...form.getInputProps('contactPhone')} />
          </SimpleGrid>
          <TagsInput label="Tags" description="Press Enter after each tag" {...form.getInputProps('tags')} />
          <Select
            label="Status"
            data={[
              { value: 'active', label: 'Active' },
              { value: 'archived', label: 'Archived' },
            ]}
            allowDeselect={false}
            {...form.getInputProps('status')}
          />
          <FormActions
            label={props.fund ? 'Save' : 'Create fund'}
            onCancel={props.onClose}
            submitting={form.submitting}
          />
        </Stack>
      </form>
    </Modal>
  );
}
