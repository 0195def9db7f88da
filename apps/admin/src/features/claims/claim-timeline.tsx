import { type AdminClaimResponse, CLAIM_STATUS_LABELS } from '@bcp/contract';
import { Card, Table, Text, Timeline, Title } from '@mantine/core';
import { formatDateTime, formatMoney } from '../../lib/format';

const ACTOR_LABELS = { you: 'the member', staff: 'staff', fund: 'the fund', system: 'the platform' } as const;

/** What the member is paid: gross, each fee with VAT, net (as accepted at submission). */
export function ClaimPayout(props: { claim: AdminClaimResponse }) {
  const { payout } = props.claim;
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Payout
      </Title>
      <Table fz="sm" aria-label="Payout">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th>Gross</Table.Th>
            <Table.Td ta="right">{formatMoney(payout.grossAmountCents)}</Table.Td>
          </Table.Tr>
          {payout.fees.map((fee) => (
            <Table.Tr key={fee.name}>
              <Table.Th>
                {fee.name} (with VAT {formatMoney(fee.vatCents)})
              </Table.Th>
              <Table.Td ta="right">−{formatMoney(fee.totalCents)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th>Net to the member</Table.Th>
            <Table.Td ta="right" fw={700}>
              {formatMoney(payout.netAmountCents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {props.claim.paymentReference && <Text mt="xs">Payment reference {props.claim.paymentReference}</Text>}
      {props.claim.rejectionReason && <Text mt="xs">Rejected: {props.claim.rejectionReason}</Text>}
    </Card>
  );
}

/** The claim's timeline, oldest first: each move, who made it and its note. */
export function ClaimTimeline(props: { claim: AdminClaimResponse }) {
  const { events } = props.claim;
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Timeline
      </Title>
      <Timeline active={events.length - 1} bulletSize={14} lineWidth={2} aria-label="Claim timeline">
        {events.map((event) => (
          <Timeline.Item key={event.id} title={CLAIM_STATUS_LABELS[event.toStatus]}>
            <Text size="xs" c="dimmed">
              {formatDateTime(event.createdAt)}, by {ACTOR_LABELS[event.actor]}
            </Text>
            {event.note && <Text size="sm">{event.note}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}
