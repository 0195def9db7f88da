import { type BenefitResponse, CLAIM_STEP_KEYS, type ClaimResponse, type ClaimStepKey } from '@bcp/contract';
import { Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { type ComponentType, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClaimStepList } from './claim-step-list';
import classes from './claim-stepper.module.css';
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

/** The step to open: the server's current one (the last one when none is current). */
function currentIndex(claim: ClaimResponse): number {
  const index = claim.steps.findIndex((step) => step.state === 'current');
  return index === -1 ? claim.steps.length - 1 : index;
}

/**
 * The claim steps (issue 4 "Claim steps", issue 14 item 6), each done, current or to do as the
 * server says; a done step can be opened again while the claim is a draft. On a phone: a compact
 * header ("Step 2 of 6", progress bar, a button showing all steps) and the open step's form right
 * below it. From 48em (Mantine's sm) wide: the full list of steps beside the form. Moving to
 * another step puts the focus on its heading, so it is read out and scrolled into view.
 */
export function ClaimStepper(props: { benefit: BenefitResponse; claim: ClaimResponse; onSubmitted: () => void }) {
  const { t } = useTranslation();
  const { claim } = props;
  const [active, setActive] = useState(() => currentIndex(claim));
  const [listOpen, setListOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const listId = useId();
  // Each step's label in the app's language, by its key (the server's labels are English).
  const steps = CLAIM_STEP_KEYS.map((key, index) => ({
    ...(claim.steps[index] ?? { key, state: 'todo' as const }),
    label: t(`messages.claimStep.${key}`),
  }));
  const step = steps[active] ?? steps[0];
  const Step = STEP_COMPONENTS[CLAIM_STEP_KEYS[active] ?? 'personal-details'];
  const doneCount = steps.filter((item) => item.state === 'done').length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the open step changes.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [active]);

  function open(index: number) {
    moved.current = true;
    setListOpen(false);
    setActive(index);
  }

  function done(next: ClaimResponse) {
    if (next.status !== 'draft') props.onSubmitted();
    else open(currentIndex(next));
  }

  return (
    <div className={classes.layout}>
      <Stack gap={6} className={classes.progress}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{t('steps.stepOf', { number: active + 1, total: steps.length })}</Text>
          <Button
            variant="subtle"
            size="compact-md"
            aria-expanded={listOpen}
            aria-controls={listId}
            rightSection={listOpen ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
            onClick={() => setListOpen((shown) => !shown)}
          >
            {listOpen ? t('steps.hideSteps') : t('steps.allSteps')}
          </Button>
        </Group>
        <Progress
          value={(doneCount / steps.length) * 100}
          aria-label={t('steps.progress', { done: doneCount, total: steps.length })}
        />
      </Stack>
      <nav id={listId} aria-label={t('steps.listLabel')} className={classes.list} data-open={listOpen || undefined}>
        <ClaimStepList steps={steps} open={active} onOpen={open} />
      </nav>
      <Stack component="section" aria-labelledby={`${listId}-heading`} gap="md">
        <Title order={2} size="h3" id={`${listId}-heading`} ref={heading} tabIndex={-1} className={classes.heading}>
          {step?.label}
        </Title>
        <Step benefit={props.benefit} claim={claim} onDone={done} />
      </Stack>
    </div>
  );
}
