import { type AdminClaimResponse, FAST_TRACK_MESSAGES } from '@bcp/contract';
import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../lib/format';

/**
 * The fast-track rule's evaluation at submission (issue 21 item 2): "Decided by the fast-track
 * rule" when it approved the claim, or why it went to staff, with each condition's result and what
 * was found. Nothing when the fund had no fast track.
 */
export function ClaimFastTrack(props: { claim: AdminClaimResponse }) {
  const decision = props.claim.fastTrack;
  if (!decision) return null;
  const approved = decision.outcome === 'approved';
  return (
    <Card withBorder component="section" aria-labelledby="fast-track-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="fast-track-title">
            {approved ? FAST_TRACK_MESSAGES.decidedBy : FAST_TRACK_MESSAGES.referred}
          </Title>
          <Text size="sm" c="dimmed">
            {formatDateTime(decision.evaluatedAt)}
          </Text>
        </Group>
        <Table aria-label="Fast-track conditions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Condition</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Found</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {decision.conditions.map((condition) => (
              <Table.Tr key={condition.key}>
                <Table.Td>{condition.label}</Table.Td>
                <Table.Td>
                  <Badge color={condition.passed ? 'teal' : 'red'} variant="light">
                    {condition.passed ? 'Passed' : 'Not passed'}
                  </Badge>
                </Table.Td>
                <Table.Td>{condition.detail}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
