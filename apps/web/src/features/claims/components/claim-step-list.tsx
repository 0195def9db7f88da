import type { ClaimStepResponse } from '@bcp/contract';
import { Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './claim-stepper.module.css';

/** One row: the step's number (a tick when done), its label and its state in words. */
function StepRow(props: { step: ClaimStepResponse; number: number }) {
  const { t } = useTranslation();
  const done = props.step.state === 'done';
  return (
    <>
      <ThemeIcon
        radius="xl"
        size={32}
        variant={done ? 'filled' : props.step.state === 'current' ? 'outline' : 'default'}
        aria-hidden
      >
        {done ? <IconCheck size={18} /> : props.number}
      </ThemeIcon>
      <span>
        <Text fw={600} component="span" display="block">
          {props.step.label}
        </Text>
        <Text size="sm" c="dimmed" component="span" display="block">
          {t(`steps.state.${props.step.state}`)}
        </Text>
      </span>
    </>
  );
}

/**
 * All claim steps as an ordered list: each shows its label and state ("Done",
 * "To do now", "To do"), the open one marked `aria-current="step"`. Done and current steps are
 * buttons that open the step (`onOpen(index)`); steps still to do are text.
 */
export function ClaimStepList(props: { steps: ClaimStepResponse[]; open: number; onOpen: (index: number) => void }) {
  return (
    <ol className={classes.steps}>
      {props.steps.map((step, index) => (
        <li key={step.key}>
          {step.state === 'todo' ? (
            <div className={classes.step}>
              <StepRow step={step} number={index + 1} />
            </div>
          ) : (
            <UnstyledButton
              className={classes.step}
              aria-current={index === props.open ? 'step' : undefined}
              onClick={() => props.onOpen(index)}
            >
              <StepRow step={step} number={index + 1} />
            </UnstyledButton>
          )}
        </li>
      ))}
    </ol>
  );
}
