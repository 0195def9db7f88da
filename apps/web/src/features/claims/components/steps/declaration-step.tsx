import { CLAIM_DECLARATION } from '@bcp/contract';
import { Blockquote, Stack } from '@mantine/core';
import { AcceptAndContinue } from './accept-and-continue';
import type { StepProps } from './step-props';

/** Step 5, declaration: the member declares the benefit, details and documents are their own. */
export function DeclarationStep(props: StepProps) {
  return (
    <Stack>
      <Blockquote>{CLAIM_DECLARATION}</Blockquote>
      <AcceptAndContinue
        {...props}
        label="I make this declaration"
        button="Continue"
        alreadyAccepted={props.claim.declarationAcceptedAt !== null}
        save={{ declarationAccepted: true }}
      />
    </Stack>
  );
}
