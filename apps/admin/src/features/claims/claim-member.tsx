import type { AdminClaimResponse, AdminSourceRowResponse } from '@bcp/contract';
import { fieldLabel, maskSaIdNumber } from '@bcp/contract';
import { errorMessage } from '@bcp/web-client';
import { Alert, Anchor, Button, Card, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { Field } from '../../components/field';
import { RevealIdNumber } from '../../components/reveal-id-number';
import { api } from '../../lib/api';
import { formatDateTime, formatFieldValue, formatMoney } from '../../lib/format';
import { Can } from '../../lib/permissions';

/** The benefit's source row (`GET benefits/{id}/source`, audited): the file's cells and the values loaded. */
function SourceRow(props: { benefitId: number }) {
  const [row, setRow] = useState<AdminSourceRowResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const load = async () => {
    const result = await api.get<AdminSourceRowResponse>(`v1/benefits/${props.benefitId}/source`);
    if (result.error) setFailure(errorMessage(result.error));
    else setRow(result.data);
  };
  if (failure) return <Alert color="yellow">{failure}</Alert>;
  if (!row) {
    return (
      <Button size="compact-sm" variant="default" onClick={load} w="fit-content">
        Show the source row
      </Button>
    );
  }
  return (
    <div>
      <Text size="sm" mb="xs">
        {row.upload.fileName ?? `Upload ${row.upload.id}`}, line {row.line}
        {row.refused ? ' (refused)' : ''}
      </Text>
      <Table withTableBorder fz="sm" aria-label="Source row">
        <Table.Tbody>
          {Object.entries(row.values).map(([field, value]) => (
            <Table.Tr key={field}>
              <Table.Th w={200}>{fieldLabel(field)}</Table.Th>
              <Table.Td>{formatFieldValue(field, value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The member as staff verify them (ID masked until revealed) and the benefit claimed, with its source row. */
export function ClaimMember(props: { claim: AdminClaimResponse }) {
  const { claimant, benefit } = props.claim;
  return (
    <SimpleGrid cols={2}>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Member
        </Title>
        <SimpleGrid cols={2}>
          <Field label="Name">
            {claimant.firstName} {claimant.lastName}
          </Field>
          <Field label="ID number">
            <RevealIdNumber benefitId={benefit.id} masked={maskSaIdNumber(claimant.idNumber)} />
          </Field>
          <Field label="Email">{claimant.email ?? '—'}</Field>
          <Field label="Cellphone">{claimant.phoneNumber ?? '—'}</Field>
          <Field label="Identity check">{claimant.iidentifiiVerified ? 'Passed' : 'Not passed'}</Field>
          <Can permission="persons.read">
            <Field label="Person">
              <Anchor component={Link} href={`/persons/${benefit.id}`}>
                Open the person
              </Anchor>
            </Field>
          </Can>
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Benefit
        </Title>
        <SimpleGrid cols={2} mb="sm">
          <Field label="Fund">{benefit.fund.name}</Field>
          <Field label="Member number">{benefit.memberNumber}</Field>
          <Field label="Type">{fieldLabel(benefit.benefitType)}</Field>
          <Field label="Gross amount">{formatMoney(benefit.amountCents)}</Field>
        </SimpleGrid>
        <Can permission="persons.read">
          <SourceRow benefitId={benefit.id} />
        </Can>
      </Card>
    </SimpleGrid>
  );
}

/**
 * An assisted claim (lodged by staff for the member, `POST benefits/{id}/admin/claim`): the
 * record of the member's consent is the reason staff gave, kept in the timeline and audit trail.
 */
export function AssistedClaimNotice(props: { claim: AdminClaimResponse }) {
  const lodged = props.claim.events.find((event) => event.fromStatus === null && event.actor === 'staff');
  if (!lodged) return null;
  return (
    <Alert color="blue" title="Assisted claim: lodged by staff for the member">
      Consent record: {lodged.note ?? '—'} ({formatDateTime(lodged.createdAt)})
    </Alert>
  );
}
