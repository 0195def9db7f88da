import type { PayoutResponse } from '@bcp/contract';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n';

/**
 * Fees and payout (issue 4): the gross amount, each fee of the fund (percentage or fixed) with its
 * VAT (15%), and the net payout the member receives.
 */
export function PayoutTable(props: { payout: PayoutResponse }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { payout } = props;
  /** `250` basis points -> `2.5%` (`2,5%` in en-ZA and af-ZA). */
  const percent = (basisPoints: number) => `${format.number(basisPoints / 100, 2)}%`;
  return (
    <Table aria-label={t('fees.label')} verticalSpacing="sm">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">{t('fees.gross')}</Table.Th>
          <Table.Td ta="right">{format.rand(payout.grossAmountCents)}</Table.Td>
        </Table.Tr>
        {payout.fees.length === 0 && (
          <Table.Tr>
            <Table.Th scope="row">{t('fees.fees')}</Table.Th>
            <Table.Td ta="right">{t('fees.noFees')}</Table.Td>
          </Table.Tr>
        )}
        {payout.fees.map((fee) => (
          <Table.Tr key={fee.name}>
            <Table.Th scope="row">
              {fee.name}
              <Text size="sm" c="dimmed">
                {fee.kind === 'percentage' && fee.basisPoints !== null
                  ? t('fees.percentage', { percent: percent(fee.basisPoints) })
                  : t('fees.fixed')}
                {': '}
                {t('fees.feeAndVat', { fee: format.rand(fee.feeCents), vat: format.rand(fee.vatCents) })}
              </Text>
            </Table.Th>
            <Table.Td ta="right">- {format.rand(fee.totalCents)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">{t('fees.net')}</Table.Th>
          <Table.Td ta="right" fw={700} data-testid="net-payout">
            {format.rand(payout.netAmountCents)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
