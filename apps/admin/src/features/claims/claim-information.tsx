import {
  type AdminClaimResponse,
  CLAIM_DOCUMENT_KINDS,
  CLAIM_DOCUMENT_LABELS,
  type ClaimDocumentResponse,
  ClaimDocumentReviewRequest,
  InformationRequestRequest,
} from '@bcp/contract';
import { Alert, Button, Card, Group, Modal, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { api } from '../../lib/api';
import { checkRequest } from '../../lib/form';
import { formatDate } from '../../lib/format';
import { save } from '../../lib/save';

/** What the claim page reloads after a request or a document review. */
function invalidated(claim: AdminClaimResponse): string[] {
  return [`v1/benefits/claim/${claim.id}`, 'v1/benefits/claims', 'v1/dashboard'];
}

const KIND_OPTIONS = [
  { value: 'document', label: 'A document' },
  { value: 'correction', label: 'A correction (answered in words)' },
];
const DOCUMENT_OPTIONS = CLAIM_DOCUMENT_KINDS.map((kind) => ({ value: kind, label: CLAIM_DOCUMENT_LABELS[kind] }));

/** Why a document is rejected and what the member should do: both required, both read by the member. */
function RejectionFields(props: { inputProps: (field: 'reason' | 'whatToDo') => object }) {
  return (
    <>
      <Textarea label="Why it is rejected" required autosize maxLength={500} {...props.inputProps('reason')} />
      <Textarea label="What the member should do" required autosize maxLength={500} {...props.inputProps('whatToDo')} />
    </>
  );
}

/**
 * "Request more information" (`POST benefits/claim/{id}/information`, issue 21 item 1): what is
 * asked (a document of a kind, or a correction), the message the member reads and, optionally, one
 * of the claim's documents rejected with the reason and what to do.
 */
export function InformationRequestModal(props: { claim: AdminClaimResponse; onClose: () => void }) {
  const form = useForm({
    initialValues: { kind: 'document', documentKind: '', message: '', rejectDocumentId: '', reason: '', whatToDo: '' },
  });
  const submit = form.onSubmit(async (values) => {
    const json = {
      kind: values.kind,
      ...(values.kind === 'document' && values.documentKind ? { documentKind: values.documentKind } : {}),
      message: values.message,
      ...(values.rejectDocumentId
        ? {
            rejectDocument: {
              documentId: Number(values.rejectDocumentId),
              reason: values.reason,
              whatToDo: values.whatToDo,
            },
          }
        : {}),
    };
    const body = checkRequest(InformationRequestRequest, json, form);
    if (!body) return;
    const done = await save(api.post(`v1/benefits/claim/${props.claim.id}/information`, { json: body }), {
      done: 'The member was asked for more information.',
      invalidate: invalidated(props.claim),
      form,
    });
    if (done) props.onClose();
  });
  const documentOptions = props.claim.documents.map((document) => ({
    value: String(document.id),
    label: `${CLAIM_DOCUMENT_LABELS[document.kind]}: ${document.originalName}`,
  }));
  return (
    <Modal opened onClose={props.onClose} title="Request more information">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select label="What do you need?" data={KIND_OPTIONS} allowDeselect={false} {...form.getInputProps('kind')} />
          {form.values.kind === 'document' && (
            <Select label="Document" required data={DOCUMENT_OPTIONS} {...form.getInputProps('documentKind')} />
          )}
          <Textarea
            label="Message (the member reads it)"
            required
            autosize
            minRows={3}
            maxLength={1000}
            {...form.getInputProps('message')}
          />
          {documentOptions.length > 0 && (
            <Select
              label="Reject a document (optional)"
              data={documentOptions}
              clearable
              {...form.getInputProps('rejectDocumentId')}
            />
          )}
          {form.values.rejectDocumentId && <RejectionFields inputProps={form.getInputProps} />}
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              Send request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Rejecting one document (`POST benefits/claim/{id}/documents/{documentId}/review`): the reason
 * and what the member should do, both shown to the member.
 */
export function RejectDocumentModal(props: {
  claim: AdminClaimResponse;
  document: ClaimDocumentResponse;
  onClose: () => void;
}) {
  const form = useForm({ initialValues: { state: 'rejected', reason: '', whatToDo: '' } });
  const submit = form.onSubmit(async (values) => {
    const body = checkRequest(ClaimDocumentReviewRequest, values, form);
    if (!body) return;
    const done = await save(
      api.post(`v1/benefits/claim/${props.claim.id}/documents/${props.document.id}/review`, { json: body }),
      { done: 'Document rejected.', invalidate: invalidated(props.claim), form },
    );
    if (done) props.onClose();
  });
  return (
    <Modal opened onClose={props.onClose} title={`Reject ${props.document.originalName}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <RejectionFields inputProps={form.getInputProps} />
          <Group justify="flex-end">
            <Button type="submit" color="red">
              Reject document
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Accepts one document at once (`state: accepted`). */
export function acceptDocument(claim: AdminClaimResponse, document: ClaimDocumentResponse) {
  return save(
    api.post(`v1/benefits/claim/${claim.id}/documents/${document.id}/review`, { json: { state: 'accepted' } }),
    { done: 'Document accepted.', invalidate: invalidated(claim) },
  );
}

/** The claim's requests for more information, newest first, with the member's answers. */
export function ClaimInformationRequests(props: { claim: AdminClaimResponse }) {
  if (props.claim.informationRequests.length === 0) return null;
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Requests for more information
      </Title>
      <Stack gap="sm">
        {props.claim.informationRequests.map((request) => (
          <Stack key={request.id} gap={2} data-testid="information-request">
            <Text size="sm" fw={600}>
              {request.documentKind ? CLAIM_DOCUMENT_LABELS[request.documentKind] : 'Correction'} (asked by{' '}
              {request.requestedBy === 'fund' ? 'the fund' : 'staff'} on {formatDate(request.createdAt)})
            </Text>
            <Text size="sm">{request.message}</Text>
            {request.answeredAt ? (
              <Text size="sm" c="teal.8">
                Answered {formatDate(request.answeredAt)}
                {request.answerText ? `: ${request.answerText}` : ' with a new document'}
              </Text>
            ) : (
              <Alert color="blue" p="xs">
                Waiting for the member’s answer.
              </Alert>
            )}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
