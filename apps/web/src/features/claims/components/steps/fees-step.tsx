import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PayoutTable } from '../payout-table';
import { AcceptAndContinue } from './accept-and-continue';
import type { StepProps } from './step-props';

/** Step 4, fees and payout: gross amount, each fee with VAT, and the net payout, to accept. */
export function FeesStep(props: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Text>{t('fees.intro', { fund: props.benefit.fund.name })}</Text>
      <PayoutTable payout={props.claim.payout} />
      <AcceptAndContinue
        {...props}
        label={t('fees.accept')}
        button={t('fees.button')}
        alreadyAccepted={props.claim.feesAcceptedAt !== null}
        save={{ feesAccepted: true }}
      />
    </Stack>
  );
}
