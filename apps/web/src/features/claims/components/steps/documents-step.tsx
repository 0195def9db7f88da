import { CLAIM_DOCUMENT_KINDS, CLAIM_DOCUMENT_LIMITS, type ClaimDocumentKind, type ClaimResponse } from '@bcp/contract';
import { Button, Card, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n';
import { translateError } from '../../../../i18n/errors';
import { removeClaimDocument, uploadClaimDocument } from '../../api/claims';
import { useClaimDraft } from '../../use-claim-draft';
import type { StepProps } from './step-props';

/** One document of the claim: what it is, the file chosen, an upload with a progress bar, remove. */
function DocumentRow(props: {
  benefitId: number;
  kind: ClaimDocumentKind;
  claim: ClaimResponse;
  onChange: (claim: ClaimResponse) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const document = props.claim.documents.find((item) => item.kind === props.kind);
  const label = t(`messages.document.${props.kind}`);
  const megabytes = (bytes: number) => t('documents.megabytes', { size: format.number(bytes / 1024 / 1024, 1) });

  async function upload(file: File | null) {
    if (!file) return;
    setError(null);
    if (file.size > CLAIM_DOCUMENT_LIMITS.maxBytes) {
      setError(t('messages.claim.documentTooLarge'));
      return;
    }
    setProgress(0);
    const result = await uploadClaimDocument(props.benefitId, props.kind, file, setProgress);
    setProgress(null);
    if (result.error) setError(translateError(result.error));
    else props.onChange(result.data);
  }

  async function remove() {
    if (!document) return;
    const result = await removeClaimDocument(props.benefitId, document.id);
    if (result.error) setError(translateError(result.error));
    else props.onChange(result.data);
  }

  return (
    <Card withBorder padding="md" component="section" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{label}</Text>
          {document && <Text c="teal.8">{t('documents.uploaded')}</Text>}
        </Group>
        {document && (
          <Text size="sm" c="dimmed">
            {document.originalName} ({megabytes(document.sizeBytes)})
          </Text>
        )}
        {progress !== null && (
          <Progress
            value={Math.round(progress * 100)}
            animated
            aria-label={t('documents.uploading', { document: label })}
          />
        )}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <FileButton onChange={upload} accept={CLAIM_DOCUMENT_LIMITS.contentTypes.join(',')}>
            {(buttonProps) => (
              <Button variant={document ? 'default' : 'filled'} disabled={progress !== null} {...buttonProps}>
                {document ? t('documents.another') : t(`documents.upload.${props.kind}`)}
              </Button>
            )}
          </FileButton>
          {document && (
            <Button variant="subtle" color="red" onClick={remove}>
              {t('documents.remove')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** Step 3, documents: a copy of the ID and proof of the bank account (PDF, JPEG or PNG, at most 10 MB each). */
export function DocumentsStep(props: StepProps) {
  const { t } = useTranslation();
  const draft = useClaimDraft(props.benefit.id);
  const complete = CLAIM_DOCUMENT_KINDS.every((kind) => props.claim.documents.some((item) => item.kind === kind));
  return (
    <Stack>
      <Text>{t('documents.intro')}</Text>
      {CLAIM_DOCUMENT_KINDS.map((kind) => (
        <DocumentRow key={kind} benefitId={props.benefit.id} kind={kind} claim={props.claim} onChange={draft.keep} />
      ))}
      <Button onClick={() => props.onDone(props.claim)} disabled={!complete}>
        {t('common.continue')}
      </Button>
    </Stack>
  );
}
