import { Blockquote, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AcceptAndContinue } from './accept-and-continue';
import type { StepProps } from './step-props';

/** Step 5, declaration: the member declares the benefit, details and documents are their own. */
export function DeclarationStep(props: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Blockquote>{t('messages.declaration')}</Blockquote>
      <AcceptAndContinue
        {...props}
        label={t('declaration.accept')}
        button={t('common.continue')}
        alreadyAccepted={props.claim.declarationAcceptedAt !== null}
        save={{ declarationAccepted: true }}
      />
    </Stack>
  );
}
