import {
  type AdminClaimResponse,
  APPROVAL_MESSAGES,
  ClaimDecisionRequest,
  randToCents,
  SendBackApprovalRequest,
} from '@bcp/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { api } from '../../lib/api';
import { checkRequest } from '../../lib/form';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { save } from '../../lib/save';

/**
 * A rand amount as a person types it, in cents: `12480.50`, `12 480,50`, `R12,480.50`; null when
 * it is not an amount. A comma is the decimal mark when there is no dot (en-ZA), else thousands.
 */
function typedCents(text: string): number | null {
  const bare = text.slice(0, 40).replace(/[Rr\s\u00a0]/g, '');
  return randToCents(bare.includes('.') ? bare.replaceAll(',', '') : bare.replace(',', '.'));
}

/** What the claim lists reload after an approval step. */
export function claimQueries(claim: AdminClaimResponse): string[] {
  return [`v1/benefits/claim/${claim.id}`, 'v1/benefits/claims', 'v1/dashboard'];
}

/**
 * The claim's approval checks as a checklist (issue 36 item 1: process steps, documents, bank
 * match, each met or not with what was found), the four-eyes state (issue 36 item 2: the fund's
 * second-approval amount, "Approved, awaiting second approval" with who gave the first) and an
 * override given. Shown while the claim is open or once approved.
 */
export function ClaimApprovalChecks(props: { claim: AdminClaimResponse }) {
  const { approval, status } = props.claim;
  if (!['submitted', 'in_review', 'information_requested', 'approved'].includes(status)) return null;
  return (
    <Card withBorder component="section" aria-labelledby="approval-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="approval-title">
            Approval checks
          </Title>
          <Badge color={approval.ready ? 'teal' : 'red'} variant="light">
            {approval.ready ? 'Ready to approve' : 'Not ready to approve'}
          </Badge>
        </Group>
        {approval.firstApproval && (
          <Alert color="blue" title={APPROVAL_MESSAGES.awaitingSecondApproval}>
            First approved by {approval.firstApproval.byName} on {formatDateTime(approval.firstApproval.at)}. Another
            person confirms or sends it back.
          </Alert>
        )}
        <Table aria-label="Approval checks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Check</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Found</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {approval.checks.map((check) => (
              <Table.Tr key={check.key}>
                <Table.Td>{check.label}</Table.Td>
                <Table.Td>
                  <Badge color={check.passed ? 'teal' : 'red'} variant="light">
                    {check.passed ? 'Met' : 'Not met'}
                  </Badge>
                </Table.Td>
                <Table.Td>{check.detail}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          {approval.secondApprovalThresholdCents === null
            ? 'One approval suffices for this fund.'
            : approval.needsSecondApproval
              ? `Over ${formatMoney(approval.secondApprovalThresholdCents)}: two different people approve this claim.`
              : `At or under ${formatMoney(approval.secondApprovalThresholdCents)}: one approval suffices.`}
        </Text>
        {approval.override && (
          <Text size="sm">
            Approved although checks were not met ({approval.override.unmetChecks.length}): {approval.override.reason}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** One line of the approval summary. */
function SummaryRow(props: { label: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={200}>{props.label}</Table.Th>
      <Table.Td>{props.children}</Table.Td>
    </Table.Tr>
  );
}

/**
 * Approving a claim (`POST benefits/claim/{id}/decision`, issue 36): what will be paid (gross, fees,
 * net), to whom (payee name, bank, masked account), the bank match result and the risk flags; unmet
 * checks with the override reason for a user holding `claims.override` (others cannot approve); the
 * person types the net payout to confirm it, sent as `confirmNetCents`. The first of two approvals
 * (over the fund's second-approval amount) says so.
 */
export function ApproveModal(props: { claim: AdminClaimResponse; onClose: () => void }) {
  const { claim } = props;
  const canOverride = useCan('claims.override');
  const unmet = claim.approval.checks.filter((check) => !check.passed);
  const net = claim.payout.netAmountCents;
  const secondStep = claim.approval.firstApproval !== null;
  const firstOfTwo = claim.approval.needsSecondApproval && !secondStep;
  const form = useForm({ initialValues: { confirmNet: '', overrideReason: '' } });
  const blocked = unmet.length > 0 && !canOverride;
  const submit = form.onSubmit(async (values) => {
    if (typedCents(values.confirmNet) !== net) {
      form.setFieldError('confirmNet', `Type the net payout, ${formatMoney(net)}, to confirm it.`);
      return;
    }
    const json = {
      decision: 'approved',
      confirmNetCents: net,
      ...(unmet.length > 0 ? { overrideReason: values.overrideReason } : {}),
    };
    const body = checkRequest(ClaimDecisionRequest, json, form);
    if (!body) return;
    const done = await save(api.post(`v1/benefits/claim/${claim.id}/decision`, { json: body }), {
      done: firstOfTwo ? 'First approval given: another person confirms it.' : 'Claim approved.',
      invalidate: claimQueries(claim),
      form,
    });
    if (done) props.onClose();
  });
  const title = secondStep
    ? 'Give the second approval'
    : firstOfTwo
      ? 'Give the first of two approvals'
      : 'Approve the claim';
  const flags = claim.risk?.flags ?? [];
  return (
    <Modal opened onClose={props.onClose} title={title} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Table withTableBorder fz="sm" aria-label="What will be paid">
            <Table.Tbody>
              <SummaryRow label="Gross amount">{formatMoney(claim.payout.grossAmountCents)}</SummaryRow>
              <SummaryRow label="Fees (with VAT)">{formatMoney(claim.payout.totalFeesCents)}</SummaryRow>
              <SummaryRow label="Net payout">
                <Text fw={700} span>
                  {formatMoney(net)}
                </Text>
              </SummaryRow>
              <SummaryRow label="Payee">{claim.bankAccount?.holderName ?? 'No bank account'}</SummaryRow>
              <SummaryRow label="Account">
                {claim.bankAccount ? `${claim.bankAccount.bank.name} ${claim.bankAccount.accountNumberMasked}` : '—'}
              </SummaryRow>
              <SummaryRow label="Bank match">
                {claim.bankMatch ? (
                  <Badge color={claim.bankMatch.status === 'passed' ? 'teal' : 'red'} variant="light">
                    {claim.bankMatch.status === 'passed' ? 'Passed' : 'Failed'}
                  </Badge>
                ) : (
                  'Not run'
                )}
              </SummaryRow>
            </Table.Tbody>
          </Table>
          {flags.length > 0 && (
            <Alert color="red" title={`Risk flags (${flags.length})`}>
              <List size="sm">
                {flags.map((flag) => (
                  <List.Item key={flag.key}>
                    {flag.label}: {flag.explanation}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          {unmet.length > 0 && (
            <Alert color="red" title="Approval checks not met">
              <List size="sm">
                {unmet.map((check) => (
                  <List.Item key={check.key}>
                    {check.label}: {check.detail}
                  </List.Item>
                ))}
              </List>
              {blocked && (
                <Text size="sm" mt="xs">
                  {APPROVAL_MESSAGES.overridePermission}
                </Text>
              )}
            </Alert>
          )}
          {unmet.length > 0 && canOverride && (
            <Textarea
              label="Why approve although checks are not met"
              description="Kept on the claim and in the audit log."
              required
              autosize
              minRows={2}
              {...form.getInputProps('overrideReason')}
            />
          )}
          {firstOfTwo && (
            <Text size="sm">
              This claim is over the fund’s second-approval amount: your approval is the first of two, and the member is
              told only when a second person approves.
            </Text>
          )}
          <TextInput
            label="Type the net payout to confirm (R)"
            description={`The member will be paid ${formatMoney(net)}.`}
            required
            disabled={blocked}
            {...form.getInputProps('confirmNet')}
          />
          <Group justify="flex-end">
            <Button type="submit" color="teal" loading={form.submitting} disabled={blocked}>
              {secondStep ? 'Give second approval' : firstOfTwo ? 'Give first approval' : 'Approve claim'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Sending a first approval back (`POST benefits/claim/{id}/approval/send-back`), with the reason. */
export function SendBackModal(props: { claim: AdminClaimResponse; onClose: () => void }) {
  const form = useForm({ initialValues: { reason: '' } });
  const submit = form.onSubmit(async (values) => {
    const body = checkRequest(SendBackApprovalRequest, values, form);
    if (!body) return;
    const done = await save(api.post(`v1/benefits/claim/${props.claim.id}/approval/send-back`, { json: body }), {
      done: 'Approval sent back.',
      invalidate: claimQueries(props.claim),
      form,
    });
    if (done) props.onClose();
  });
  return (
    <Modal opened onClose={props.onClose} title="Send the first approval back">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea label="Reason" required autosize minRows={2} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              Send back
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
