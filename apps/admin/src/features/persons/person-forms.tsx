import {
  AdminBenefitEditRequest,
  type AdminBenefitResponse,
  AdminCloseAccountRequest,
  type AdminPersonResponse,
  AdminPersonUpdateRequest,
  randToCents,
} from '@bcp/contract';
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type GetInputPropsReturnType, schemaResolver, useForm } from '@mantine/form';
import { api } from '../../lib/api';
import { checkRequest } from '../../lib/form';
import { save } from '../../lib/save';
import { BENEFIT_STATUS_OPTIONS } from './benefit-status';

/** Values left as typed are not sent: only the fields changed, and the reason. */
function changed<T extends Record<string, unknown>>(values: T, initial: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => key === 'reason' || value !== initial[key]),
  ) as Partial<T>;
}

/** The reason field every correction needs (kept in the audit trail). */
function ReasonField(props: GetInputPropsReturnType) {
  return <Textarea label="Reason for this change" required autosize minRows={2} maxLength={500} {...props} />;
}

/** Correct the person's names and contact details, with the reason (`PATCH benefits/update/person/{personId}`). */
export function CorrectPersonModal(props: { person: AdminPersonResponse; onClose: () => void }) {
  const initial = {
    firstName: props.person.firstName,
    lastName: props.person.lastName,
    email: props.person.email ?? '',
    phoneNumber: props.person.phoneNumber ?? '',
    reason: '',
  };
  const form = useForm({ initialValues: initial });
  const submit = form.onSubmit(async (values) => {
    const body = changed(values, initial);
    const json = {
      ...body,
      ...(body.email !== undefined ? { email: body.email || null } : {}),
      ...(body.phoneNumber !== undefined ? { phoneNumber: body.phoneNumber || null } : {}),
    };
    if (!checkRequest(AdminPersonUpdateRequest, json, form)) return;
    const done = await save(api.patch(`v1/benefits/update/person/${props.person.id}`, { json }), {
      done: 'Person corrected.',
      invalidate: ['v1/benefits'],
      form,
    });
    if (done) props.onClose();
  });
  return (
    <Modal opened onClose={props.onClose} title="Correct the person">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="First names" {...form.getInputProps('firstName')} />
          <TextInput label="Surname" {...form.getInputProps('lastName')} />
          <TextInput label="Email" {...form.getInputProps('email')} />
          <TextInput label="Cellphone number" {...form.getInputProps('phoneNumber')} />
          <ReasonField {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              Save correction
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Correct a benefit's amount, type or status, with the reason (`PATCH benefits/edit/{id}`). */
export function CorrectBenefitModal(props: { benefit: AdminBenefitResponse; onClose: () => void }) {
  const initial = {
    amount: (props.benefit.amountCents / 100).toFixed(2),
    benefitType: props.benefit.benefitType,
    status: props.benefit.status as string,
    reason: '',
  };
  const form = useForm({ initialValues: initial });
  const submit = form.onSubmit(async (values) => {
    const { amount, ...rest } = changed(values, initial);
    const amountCents = amount === undefined ? undefined : randToCents(amount);
    if (amountCents === null) {
      form.setErrors({ amount: 'Write the amount in rand, e.g. 1234.50.' });
      return;
    }
    const json = { ...rest, ...(amountCents === undefined ? {} : { amountCents }) };
    if (!checkRequest(AdminBenefitEditRequest, json, form, { amountCents: 'amount' })) return;
    const done = await save(api.patch(`v1/benefits/edit/${props.benefit.id}`, { json }), {
      done: 'Benefit corrected.',
      invalidate: ['v1/benefits'],
      form,
    });
    if (done) props.onClose();
  });
  return (
    <Modal opened onClose={props.onClose} title={`Correct benefit ${props.benefit.memberNumber}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Gross amount (R)" inputMode="decimal" {...form.getInputProps('amount')} />
          <TextInput label="Benefit type" {...form.getInputProps('benefitType')} />
          <Select
            label="Status"
            data={BENEFIT_STATUS_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('status')}
          />
          <ReasonField {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              Save correction
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Close the member's account on their request, with the reason (`DELETE benefits/person/user/delete/{personId}`). */
export function CloseAccountModal(props: { personId: number; onClose: () => void }) {
  const form = useForm({
    initialValues: { reason: '' },
    validate: schemaResolver(AdminCloseAccountRequest, { sync: true }),
  });
  const submit = form.onSubmit(async (values) => {
    const done = await save(api.delete(`v1/benefits/person/user/delete/${props.personId}`, { json: values }), {
      done: 'Account closed.',
      invalidate: ['v1/benefits'],
      form,
    });
    if (done) props.onClose();
  });
  return (
    <Modal opened onClose={props.onClose} title="Close the member's account">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ReasonField {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button type="submit" color="red" loading={form.submitting}>
              Close account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
