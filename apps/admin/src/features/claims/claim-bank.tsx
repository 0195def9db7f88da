import {
  type AdminClaimResponse,
  BANK_ACCOUNT_TYPE_LABELS,
  BANK_MATCH_CHECKS,
  type BankMatchCheck,
  type BankMatchResponse,
} from '@bcp/contract';
import { Badge, Button, Card, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Field } from '../../components/field';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { Can } from '../../lib/permissions';
import { save } from '../../lib/save';

const CHECK_LABELS: Record<BankMatchCheck, string> = {
  accountExists: 'Account exists',
  accountOpen: 'Account open',
  idNumberMatches: 'ID number matches',
  initialsMatch: 'Initials match',
  surnameMatches: 'Surname matches',
  acceptsCredits: 'Accepts credits',
  openAtLeastThreeMonths: 'Open at least 3 months',
};

function checkText(value: boolean | null | undefined): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  return 'Not answered';
}

/** The bank match (AVS) result: each check, the failures and any override. */
function MatchResult(props: { match: BankMatchResponse }) {
  const { match } = props;
  return (
    <>
      <Group mb="xs">
        <Badge color={match.status === 'passed' ? 'teal' : 'red'} variant="light" data-testid="bank-match-status">
          Bank match {match.status}
        </Badge>
        <Text size="sm" c="dimmed">
          {match.provider}, {formatDateTime(match.checkedAt)}
        </Text>
      </Group>
      <Table withTableBorder fz="sm" aria-label="Bank match checks">
        <Table.Tbody>
          {BANK_MATCH_CHECKS.map((check) => (
            <Table.Tr key={check}>
              <Table.Th w={220}>{CHECK_LABELS[check]}</Table.Th>
              <Table.Td>{checkText(match.checks[check])}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {match.override && (
        <Text size="sm" mt="xs">
          Approved despite the failure: {match.override.reason}
        </Text>
      )}
    </>
  );
}

/**
 * The claim's bank account (masked) and its match result; "Run the bank match" (`claims.review`,
 * `GET benefits/{id}/bank/match`) checks it with the provider and keeps the result on the claim.
 */
export function ClaimBank(props: { claim: AdminClaimResponse }) {
  const { claim } = props;
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    await save(api.get(`v1/benefits/${claim.benefit.id}/bank/match`, { query: { refresh: 'true' } }), {
      done: 'Bank match done.',
      invalidate: [`v1/benefits/claim/${claim.id}`],
    });
    setBusy(false);
  };
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Bank account
        </Title>
        {claim.bankAccount && (
          <Can permission="claims.review">
            <Button size="compact-sm" variant="default" loading={busy} onClick={run}>
              {claim.bankMatch ? 'Run the bank match again' : 'Run the bank match'}
            </Button>
          </Can>
        )}
      </Group>
      {claim.bankAccount ? (
        <SimpleGrid cols={2} mb="sm">
          <Field label="Bank">{claim.bankAccount.bank.name}</Field>
          <Field label="Account">{claim.bankAccount.accountNumberMasked}</Field>
          <Field label="Holder">{claim.bankAccount.holderName}</Field>
          <Field label="Type">{BANK_ACCOUNT_TYPE_LABELS[claim.bankAccount.accountType]}</Field>
        </SimpleGrid>
      ) : (
        <Text c="dimmed">No bank account yet.</Text>
      )}
      {claim.bankMatch ? (
        <MatchResult match={claim.bankMatch} />
      ) : (
        claim.bankAccount && <Text c="dimmed">Not matched yet.</Text>
      )}
    </Card>
  );
}
