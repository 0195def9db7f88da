import {
  CLAIM_DOCUMENT_LIMITS,
  type ClaimDocumentResponse,
  type ClaimResponse,
  type InformationRequestResponse,
} from '@bcp/contract';
import { Alert, Badge, Button, Card, FileButton, Group, Progress, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../../i18n/errors';
import { answerInformationRequest, uploadClaimDocument } from '../api/claims';
import { useClaimDraft } from '../use-claim-draft';

const STATE_COLORS = { received: 'gray', accepted: 'teal', rejected: 'red' } as const;

/** The document asked for, uploaded right where it is asked (issue 21 item 1). */
function UploadAnswer(props: {
  benefitId: number;
  request: InformationRequestResponse;
  onAnswered: (claim: ClaimResponse) => void;
}) {
  const { t } = useTranslation();
  const kind = props.request.documentKind;
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!kind) return null;
  const label = t(`messages.document.${kind}`);

  async function upload(file: File | null) {
    if (!file || !kind) return;
    setError(null);
    if (file.size > CLAIM_DOCUMENT_LIMITS.maxBytes) {
      setError(t('messages.claim.documentTooLarge'));
      return;
    }
    setProgress(0);
    const result = await uploadClaimDocument(props.benefitId, kind, file, setProgress);
    setProgress(null);
    if (result.error) setError(translateError(result.error));
    else props.onAnswered(result.data);
  }

  return (
    <Stack gap="xs">
      <Text size="sm">{t('documents.oneFile')}</Text>
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
      <FileButton onChange={upload} accept={CLAIM_DOCUMENT_LIMITS.contentTypes.join(',')}>
        {(buttonProps) => (
          <Button w="fit-content" disabled={progress !== null} {...buttonProps}>
            {t(`documents.upload.${kind}`)}
          </Button>
        )}
      </FileButton>
    </Stack>
  );
}

/** The correction asked for, answered in words. */
function WrittenAnswer(props: { benefitId: number; onAnswered: (claim: ClaimResponse) => void }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send() {
    if (!answer.trim()) {
      setError(t('messages.informationRequest.answerRequired'));
      return;
    }
    setError(null);
    setSending(true);
    const result = await answerInformationRequest(props.benefitId, answer);
    setSending(false);
    if (result.error) setError(translateError(result.error));
    else props.onAnswered(result.data);
  }

  return (
    <Stack gap="xs">
      <Textarea
        label={t('claim.yourAnswer')}
        value={answer}
        onChange={(event) => setAnswer(event.currentTarget.value)}
        maxLength={2000}
        autosize
        minRows={3}
        error={error}
      />
      <Button w="fit-content" onClick={send} loading={sending}>
        {t('claim.sendAnswer')}
      </Button>
    </Stack>
  );
}

/**
 * What staff or the fund asked of the member (issue 21 item 1): the message and, right there, an
 * upload of the document asked for or a box for the correction. Answering takes the claim back to
 * review; the answer replaces the claim in the query cache.
 */
export function InformationRequestCard(props: { benefitId: number; request: InformationRequestResponse }) {
  const { t } = useTranslation();
  const { keep } = useClaimDraft(props.benefitId);
  const asked = props.request.documentKind
    ? t(`messages.document.${props.request.documentKind}`)
    : t('claim.correction');
  return (
    <Card withBorder component="section" aria-labelledby="information-request-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="information-request-title">
          {t('claim.moreInformation')}
        </Title>
        <Text>
          <Text span fw={600}>
            {t('claim.whatWeNeed')}
          </Text>{' '}
          {asked}
        </Text>
        <Alert color="blue" title={props.request.requestedBy === 'fund' ? t('claim.fromFund') : t('claim.fromTeam')}>
          {props.request.message}
        </Alert>
        {props.request.kind === 'document' ? (
          <UploadAnswer benefitId={props.benefitId} request={props.request} onAnswered={keep} />
        ) : (
          <WrittenAnswer benefitId={props.benefitId} onAnswered={keep} />
        )}
      </Stack>
    </Card>
  );
}

/** Each document with its own state: received, accepted, or rejected with the reason and what to do. */
export function ClaimDocumentList(props: { documents: ClaimDocumentResponse[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {props.documents.map((document) => (
        <Stack key={document.id} gap={4} data-testid="claim-document">
          <Group gap="sm">
            <Text>
              {t(`messages.document.${document.kind}`)}: {document.originalName}
            </Text>
            <Badge color={STATE_COLORS[document.state]} variant="light">
              {t(`messages.documentState.${document.state}`)}
            </Badge>
          </Group>
          {document.state === 'rejected' && (
            <Text size="sm">
              {document.rejectionReason} {document.whatToDo && t('claim.whatToDo', { text: document.whatToDo })}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
