import { Stack, Text } from '@mantine/core';
import { PayoutTable } from '../payout-table';
import { AcceptAndContinue } from './accept-and-continue';
import type { StepProps } from './step-props';

/** Step 4, fees and payout: gross amount, each fee with VAT, and the net payout, to accept. */
export function FeesStep(props: StepProps) {
  return (
    <Stack>
      <Text>This is what {props.benefit.fund.name} pays you after its fees.</Text>
      <PayoutTable payout={props.claim.payout} />
      <AcceptAndContinue
        {...props}
        label="I understand and accept these fees"
        button="Accept and continue"
        alreadyAccepted={props.claim.feesAcceptedAt !== null}
        save={{ feesAccepted: true }}
      />
    </Stack>
  );
}
