import { CreateFeeRequest, calculatePayout, type FeeResponse, type ListResponse, randToCents } from '@bcp/contract';
import { unwrap } from '@bcp/web-client';
import {
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { HistoryButton } from '../../components/audit-trail';
import { FormActions } from '../../components/form-actions';
import { StatusBadge } from '../../components/list-table';
import { api } from '../../lib/api';
import { DATE_INPUT_FORMAT, formatDate, formatMoney } from '../../lib/format';
import { Can } from '../../lib/permissions';
import { save } from '../../lib/save';

interface FeeValues {
  name: string;
  kind: 'percentage' | 'fixed';
  /** Percent as typed (2.5 = 2.5% = 250 basis points). */
  percent: number | string;
  /** Rand as typed ("150.00"). */
  rand: string;
  vatApplies: boolean;
  vatInclusive: boolean;
  effectiveFrom: string | null;
  effectiveTo: string | null;
}

/** The request body: percent to basis points, rand to cents, the other kind's field left out. */
function toRequest(values: FeeValues) {
  const percent = typeof values.percent === 'number' ? values.percent : Number.parseFloat(values.percent);
  return {
    name: values.name,
    kind: values.kind,
    basisPoints: values.kind === 'percentage' && Number.isFinite(percent) ? Math.round(percent * 100) : null,
    amountCents: values.kind === 'fixed' ? randToCents(values.rand) : null,
    vatApplies: values.vatApplies,
    vatInclusive: values.vatApplies && values.vatInclusive,
    effectiveFrom: values.effectiveFrom || null,
    effectiveTo: values.effectiveTo || null,
  };
}

function toValues(fee?: FeeResponse): FeeValues {
  return {
    name: fee?.name ?? '',
    kind: fee?.kind ?? 'percentage',
    percent: fee?.basisPoints != null ? fee.basisPoints / 100 : '',
    rand: fee?.amountCents != null ? (fee.amountCents / 100).toFixed(2) : '',
    vatApplies: fee?.vatApplies ?? true,
    vatInclusive: fee?.vatInclusive ?? false,
    effectiveFrom: fee?.effectiveFrom ?? null,
    effectiveTo: fee?.effectiveTo ?? null,
  };
}

/** Errors of the request fields shown on the form's fields (basis points on percent, cents on rand). */
const FIELD_OF: Record<string, string> = { basisPoints: 'percent', amountCents: 'rand' };

function FeeModal(props: { fundId: number; fee?: FeeResponse; onClose: () => void }) {
  const form = useForm<FeeValues>({
    initialValues: toValues(props.fee),
    validate: (values) => {
      const errors = schemaResolver(CreateFeeRequest, { sync: true })(toRequest(values));
      return Object.fromEntries(Object.entries(errors).map(([field, message]) => [FIELD_OF[field] ?? field, message]));
    },
  });
  const target = {
    setErrors: (errors: Record<string, string>) =>
      form.setErrors(
        Object.fromEntries(Object.entries(errors).map(([field, text]) => [FIELD_OF[field] ?? field, text])),
      ),
  };
  const submit = form.onSubmit(async (values) => {
    const body = toRequest(values);
    const saved = await save(
      props.fee
        ? api.patch<FeeResponse>(`v1/fees/${props.fee.id}`, { json: body })
        : api.post<FeeResponse>(`v1/funds/${props.fundId}/fees`, { json: body }),
      { done: props.fee ? 'Fee saved.' : 'Fee added.', invalidate: [`v1/funds/${props.fundId}/fees`], form: target },
    );
    if (saved) props.onClose();
  });
  return (
    <Modal opened onClose={props.onClose} title={props.fee ? 'Edit fee' : 'New fee'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <SegmentedControl
            aria-label="Kind of fee"
            data={[
              { value: 'percentage', label: 'Percentage of the benefit' },
              { value: 'fixed', label: 'Fixed amount' },
            ]}
            {...form.getInputProps('kind')}
          />
          {form.values.kind === 'percentage' ? (
            <NumberInput
              label="Rate (%)"
              description="2.5 means 2.5% of the gross benefit"
              decimalScale={2}
              min={0.01}
              max={100}
              {...form.getInputProps('percent')}
            />
          ) : (
            <TextInput label="Amount (R)" description="e.g. 150.00" {...form.getInputProps('rand')} />
          )}
          <Group>
            <Checkbox label="VAT (15%) applies" {...form.getInputProps('vatApplies', { type: 'checkbox' })} />
            <Checkbox
              label="The rate or amount includes the VAT"
              disabled={!form.values.vatApplies}
              {...form.getInputProps('vatInclusive', { type: 'checkbox' })}
            />
          </Group>
          <SimpleGrid cols={2}>
            <DateInput
              label="Effective from"
              valueFormat={DATE_INPUT_FORMAT}
              clearable
              {...form.getInputProps('effectiveFrom')}
            />
            <DateInput
              label="Effective to"
              valueFormat={DATE_INPUT_FORMAT}
              clearable
              {...form.getInputProps('effectiveTo')}
            />
          </SimpleGrid>
          <FormActions
            label={props.fee ? 'Save fee' : 'Add fee'}
            onCancel={props.onClose}
            submitting={form.submitting}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** What a member with a benefit of the amount typed would be paid today, after the fees in effect. */
function PayoutPreview(props: { fees: FeeResponse[] }) {
  const [gross, setGross] = useState('10000.00');
  const cents = randToCents(gross);
  const payout = cents === null ? null : calculatePayout(cents, props.fees);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Payout preview
      </Title>
      <TextInput
        label="Benefit amount (R)"
        maw={240}
        value={gross}
        onChange={(event) => setGross(event.currentTarget.value)}
        error={cents === null ? 'Type an amount in rand, e.g. 3450.00' : null}
      />
      {payout && (
        <Table mt="sm" maw={520} aria-label="Payout preview">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Benefit</Table.Th>
              <Table.Td ta="right">{formatMoney(payout.grossAmountCents)}</Table.Td>
            </Table.Tr>
            {payout.fees.map((fee) => (
              <Table.Tr key={fee.name}>
                <Table.Th scope="row" fw={400}>
                  {fee.name} (fee {formatMoney(fee.feeCents)} + VAT {formatMoney(fee.vatCents)})
                </Table.Th>
                <Table.Td ta="right">−{formatMoney(fee.totalCents)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">Member receives</Table.Th>
              <Table.Td ta="right" fw={700} data-testid="net-amount">
                {formatMoney(payout.netAmountCents)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** A fund's fees (`GET funds/{id}/fees`): add, edit and delete (`fees.write`), and the payout preview. */
export function FeesTab(props: { fundId: number }) {
  const path = `v1/funds/${props.fundId}/fees`;
  const [editing, setEditing] = useState<FeeResponse | 'new' | null>(null);
  const fees = useQuery({
    queryKey: [path],
    queryFn: () => unwrap(api.get<ListResponse<FeeResponse>>(path)),
  });
  const items = fees.data?.items ?? [];
  const remove = (fee: FeeResponse) =>
    save(api.delete(`v1/fees/${fee.id}`), { done: 'Fee deleted.', invalidate: [path] });
  return (
    <Stack>
      <Group justify="space-between">
        <Text>Fees are taken from what members are paid, in this order, on the day of payment.</Text>
        <Can permission="fees.write">
          <Button onClick={() => setEditing('new')}>Add fee</Button>
        </Can>
      </Group>
      <Table withTableBorder aria-label="Fees">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Rate or amount</Table.Th>
            <Table.Th>VAT</Table.Th>
            <Table.Th>Dates</Table.Th>
            <Table.Th>In effect</Table.Th>
            <Table.Th>
              <VisuallyHidden component="span">Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>No fees: members are paid the whole benefit.</Table.Td>
            </Table.Tr>
          )}
          {items.map((fee) => (
            <Table.Tr key={fee.id}>
              <Table.Td>{fee.name}</Table.Td>
              <Table.Td>
                {fee.kind === 'percentage' ? `${(fee.basisPoints ?? 0) / 100}%` : formatMoney(fee.amountCents ?? 0)}
              </Table.Td>
              <Table.Td>{fee.vatApplies ? (fee.vatInclusive ? 'included' : 'added') : 'none'}</Table.Td>
              <Table.Td>
                {formatDate(fee.effectiveFrom, 'always')} to {formatDate(fee.effectiveTo, 'no end')}
              </Table.Td>
              <Table.Td>
                <StatusBadge on={fee.inEffect} yes="yes" no="no" />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Can permission="fees.write">
                    <Button size="compact-sm" variant="default" onClick={() => setEditing(fee)}>
                      Edit <VisuallyHidden component="span">{fee.name}</VisuallyHidden>
                    </Button>
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => remove(fee)}>
                      Delete <VisuallyHidden component="span">{fee.name}</VisuallyHidden>
                    </Button>
                  </Can>
                  <HistoryButton path={`v1/fees/${fee.id}/audits`} name={fee.name} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <PayoutPreview fees={items} />
      {editing && (
        <FeeModal
          fundId={props.fundId}
          {...(editing === 'new' ? {} : { fee: editing })}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
