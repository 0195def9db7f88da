import type { ClaimDraftRequest } from '@bcp/contract';
import { Button, Checkbox } from '@mantine/core';
import { useState } from 'react';
import { useClaimDraft } from '../../use-claim-draft';
import type { StepProps } from './step-props';

/**
 * The end of a step the member completes by agreeing: a checkbox, then a button that saves `save`
 * on the draft and moves on. The button stays disabled until the box is ticked.
 */
export function AcceptAndContinue(
  props: Pick<StepProps, 'benefit' | 'onDone'> & {
    label: string;
    button: string;
    alreadyAccepted: boolean;
    save: ClaimDraftRequest;
  },
) {
  const draft = useClaimDraft(props.benefit.id);
  const [accepted, setAccepted] = useState(props.alreadyAccepted);
  async function next() {
    const claim = await draft.save(props.save);
    if (claim) props.onDone(claim);
  }
  return (
    <>
      <Checkbox label={props.label} checked={accepted} onChange={(event) => setAccepted(event.currentTarget.checked)} />
      <Button onClick={next} disabled={!accepted} loading={draft.saving}>
        {props.button}
      </Button>
    </>
  );
}
