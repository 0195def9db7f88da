import { CreateStaffUserRequest, type RoleResponse, type StaffUserResponse } from '@bcp/contract';
import { Modal, MultiSelect, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { FormActions } from '../../components/form-actions';
import { api } from '../../lib/api';
import { useOptions } from '../../lib/options';
import { save } from '../../lib/save';

interface UserValues {
  email: string;
  name: string;
  phoneNumber: string;
  twoFactorMethod: 'EMAIL' | 'SMS';
  roleIds: string[];
  active: boolean;
}

/** The request body; an empty phone number is left out of a new user and cleared (null) on an edit. */
function toRequest(values: UserValues, editing: boolean) {
  return {
    email: values.email,
    name: values.name,
    phoneNumber: values.phoneNumber.trim() || (editing ? null : undefined),
    twoFactorMethod: values.twoFactorMethod,
    roleIds: values.roleIds.map(Number),
    active: values.active,
  };
}

/**
 * Inviting a staff user (`POST users`: they get an email with a link to set their password, valid
 * 72 hours) or changing one (`PATCH users/{id}`: name, email, phone, PIN method, roles, active;
 * deactivating ends their sessions). The server refuses roles the editor does not hold (403, shown).
 */
export function UserFormModal(props: { user?: StaffUserResponse; onClose: () => void }) {
  const user = props.user;
  const form = useForm<UserValues>({
    initialValues: {
      email: user?.email ?? '',
      name: user?.name ?? '',
      phoneNumber: user?.phoneNumber ?? '',
      twoFactorMethod: user?.twoFactorMethod ?? 'EMAIL',
      roleIds: user?.roles.map((role) => String(role.id)) ?? [],
      active: user?.active ?? true,
    },
    validate: (values) => schemaResolver(CreateStaffUserRequest, { sync: true })(toRequest(values, false)),
  });
  const roles = useOptions<RoleResponse>('v1/roles', (role) => role.name);
  const submit = form.onSubmit(async (values) => {
    const body = toRequest(values, Boolean(user));
    const saved = await save(
      user
        ? api.patch<StaffUserResponse>(`v1/users/${user.id}`, { json: body })
        : api.post<StaffUserResponse>('v1/users', { json: body }),
      {
        done: user ? 'User saved.' : `Invitation sent to ${values.email}.`,
        invalidate: ['v1/users'],
        form,
      },
    );
    if (saved) props.onClose();
  });
  return (
    <Modal opened onClose={props.onClose} title={user ? `Edit ${user.name}` : 'Invite a user'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {!user && <Text size="sm">They get an email with a link to choose their password (valid 72 hours).</Text>}
          <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput label="Cellphone number" type="tel" {...form.getInputProps('phoneNumber')} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="pin-method">
              Sign-in PIN by
            </Text>
            <SegmentedControl
              aria-labelledby="pin-method"
              data={[
                { value: 'EMAIL', label: 'Email' },
                { value: 'SMS', label: 'SMS' },
              ]}
              {...form.getInputProps('twoFactorMethod')}
            />
          </Stack>
          <MultiSelect label="Roles" data={roles} searchable {...form.getInputProps('roleIds')} />
          <Switch
            label="Active (an inactive user cannot sign in)"
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <FormActions
            label={user ? 'Save' : 'Send invitation'}
            onCancel={props.onClose}
            submitting={form.submitting}
          />
        </Stack>
      </form>
    </Modal>
  );
}
