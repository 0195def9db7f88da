import { formatRand, type PayoutResponse } from '@bcp/contract';
import { Table, Text } from '@mantine/core';

/** `250` basis points -> `2.5%`. */
function percent(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString('en-ZA', { maximumFractionDigits: 2 })}%`;
}

/**
 * Fees and payout (issue 4): the gross amount, each fee of the fund (percentage or fixed) with its
 * VAT (15%), and the net payout the member receives.
 */
export function PayoutTable(props: { payout: PayoutResponse }) {
  const { payout } = props;
  return (
    <Table aria-label="Fees and payout" verticalSpacing="sm">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">Benefit amount</Table.Th>
          <Table.Td ta="right">{formatRand(payout.grossAmountCents)}</Table.Td>
        </Table.Tr>
        {payout.fees.length === 0 && (
          <Table.Tr>
            <Table.Th scope="row">Fees</Table.Th>
            <Table.Td ta="right">None: this fund pays out in full</Table.Td>
          </Table.Tr>
        )}
        {payout.fees.map((fee) => (
          <Table.Tr key={fee.name}>
            <Table.Th scope="row">
              {fee.name}
              <Text size="sm" c="dimmed">
                {fee.kind === 'percentage' && fee.basisPoints !== null
                  ? `${percent(fee.basisPoints)} of the amount`
                  : 'fixed fee'}
                {`: ${formatRand(fee.feeCents)} + VAT ${formatRand(fee.vatCents)}`}
              </Text>
            </Table.Th>
            <Table.Td ta="right">- {formatRand(fee.totalCents)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">You receive</Table.Th>
          <Table.Td ta="right" fw={700} data-testid="net-payout">
            {formatRand(payout.netAmountCents)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
