import {
  CreateFundRequest,
  FAST_TRACK_MESSAGES,
  type FUND_STATUSES,
  type FundResponse,
  type FundTypeResponse,
  type PartnerResponse,
  randToCents,
} from '@bcp/contract';
import { Fieldset, Modal, NumberInput, Select, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
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
  /** Fast track (issue 21 item 2): the threshold in rand as typed (empty: none) and the promised days. */
  fastTrackRand: string;
  fastTrackDays: number | string;
  /** Four-eyes (issue 36 item 2): over this gross amount in rand (empty: never) two people approve. */
  secondApprovalRand: string;
}

/** Errors of the request fields shown on the form's fields (cents on the rand field). */
const FIELD_OF: Record<string, string> = {
  fastTrackThresholdCents: 'fastTrackRand',
  secondApprovalThresholdCents: 'secondApprovalRand',
};

/** Cents as the rand text a person types ("1250.00"); empty for none. */
const randText = (cents: number | null | undefined): string => (cents != null ? (cents / 100).toFixed(2) : '');

/** Typed rand as cents, null when empty; a text that does not parse is sent as -1, which the contract refuses on the field. */
const centsOf = (rand: string): number | null => (rand.trim() ? (randToCents(rand) ?? -1) : null);
const onFormFields = <T,>(errors: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [FIELD_OF[field] ?? field, message]));

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
    fastTrackRand: randText(fund?.fastTrackThresholdCents),
    fastTrackDays: fund?.fastTrackDays ?? '',
    secondApprovalRand: randText(fund?.secondApprovalThresholdCents),
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
    fastTrackThresholdCents: centsOf(values.fastTrackRand),
    fastTrackDays: values.fastTrackDays === '' ? null : Number(values.fastTrackDays),
    secondApprovalThresholdCents: centsOf(values.secondApprovalRand),
  };
}

/**
 * Creating or editing a fund (`POST funds`, `PATCH funds/{id}`): name, FSCA registration number,
 * type, administrator (an active fund administrator partner), contact details, the fast track
 * (threshold in rand and the days promised, issue 21 item 2), the second-approval amount (four-eyes,
 * issue 36 item 2), tags and status (archive). Field
 * errors from the server show under their fields.
 */
export function FundFormModal(props: {
  fund?: FundResponse;
  opened: boolean;
  onClose: () => void;
  onSaved?: (fund: FundResponse) => void;
}) {
  const form = useForm<FundValues>({
    initialValues: toValues(props.fund),
    validate: (values) => onFormFields(schemaResolver(CreateFundRequest, { sync: true })(toRequest(values))),
  });
  const target = { setErrors: (errors: Record<string, string>) => form.setErrors(onFormFields(errors)) };
  const fundTypes = useOptions<FundTypeResponse>('v1/fund_types', (type) => type.name, {}, false);
  const administrators = useOptions<PartnerResponse>('v1/partners', (partner) => partner.name, {
    'filter[kind]': 'fund-administrator',
  });
  const submit = form.onSubmit(async (values) => {
    const body = toRequest(values);
    const fund = await save(
      props.fund
        ? api.patch<FundResponse>(`v1/funds/${props.fund.id}`, { json: body })
        : api.post<FundResponse>('v1/funds', { json: body }),
      { done: props.fund ? 'Fund saved.' : 'Fund created.', invalidate: ['v1/funds'], form: target },
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
          <Fieldset legend="Fast track">
            <SimpleGrid cols={2}>
              <TextInput
                label="Fast-track amount (R)"
                description="Claims at or under this gross amount, with every check passed, are approved by the rule. Empty: no fast track."
                {...form.getInputProps('fastTrackRand')}
              />
              <NumberInput
                label="Days promised"
                description={FAST_TRACK_MESSAGES.promise(Number(form.values.fastTrackDays) || 0)}
                min={1}
                max={90}
                allowDecimal={false}
                {...form.getInputProps('fastTrackDays')}
              />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend="Approvals">
            <TextInput
              label="Second-approval amount (R)"
              description="Claims over this gross amount need two different staff users to approve. At or above the fast-track amount. Empty: one approval suffices."
              {...form.getInputProps('secondApprovalRand')}
            />
          </Fieldset>
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
