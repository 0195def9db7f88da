import { type BenefitResponse, CLAIM_STEP_KEYS, type ClaimResponse, type ClaimStepKey } from '@bcp/contract';
import { Stepper } from '@mantine/core';
import { type ComponentType, useState } from 'react';
import { BankAccountStep } from './steps/bank-account-step';
import { DeclarationStep } from './steps/declaration-step';
import { DocumentsStep } from './steps/documents-step';
import { FeesStep } from './steps/fees-step';
import { PersonalDetailsStep } from './steps/personal-details-step';
import type { StepProps } from './steps/step-props';
import { SubmitStep } from './steps/submit-step';

const STEP_COMPONENTS: Record<ClaimStepKey, ComponentType<StepProps>> = {
  'personal-details': PersonalDetailsStep,
  'bank-account': BankAccountStep,
  documents: DocumentsStep,
  fees: FeesStep,
  declaration: DeclarationStep,
  submit: SubmitStep,
};

function currentIndex(claim: ClaimResponse): number {
  const index = claim.steps.findIndex((step) => step.state === 'current');
  return index === -1 ? claim.steps.length : index;
}

/**
 * The claim steps in order (issue 4 "Claim steps"), each shown done, current or to do as the server
 * says; a done step can be opened again to change it while the claim is a draft.
 */
export function ClaimStepper(props: { benefit: BenefitResponse; claim: ClaimResponse; onSubmitted: () => void }) {
  const { claim } = props;
  const [active, setActive] = useState(() => currentIndex(claim));
  const selectable = (index: number) => claim.steps[index]?.state !== 'todo';

  function done(next: ClaimResponse) {
    if (next.status !== 'draft') props.onSubmitted();
    else setActive(currentIndex(next));
  }

  return (
    <Stepper
      active={active}
      onStepClick={(index) => selectable(index) && setActive(index)}
      orientation="vertical"
      allowNextStepsSelect={false}
    >
      {CLAIM_STEP_KEYS.map((key, index) => {
        const step = claim.steps[index];
        const Step = STEP_COMPONENTS[key];
        const state = step?.state ?? 'todo';
        return (
          <Stepper.Step
            key={key}
            label={step?.label}
            description={state === 'done' ? 'Done' : state === 'current' ? 'To do now' : 'To do'}
            data-state={state}
            aria-label={`${step?.label}: ${state}`}
          >
            <Step benefit={props.benefit} claim={claim} onDone={done} />
          </Stepper.Step>
        );
      })}
    </Stepper>
  );
}
