import {
  type AdminClaimResponse,
  CLAIM_DOCUMENT_LABELS,
  CLAIM_DOCUMENT_STATE_LABELS,
  type ClaimDocumentResponse,
} from '@bcp/contract';
import { Alert, Badge, Button, Card, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useFileUrl } from '../../lib/files';
import { useCan } from '../../lib/permissions';
import { acceptDocument, RejectDocumentModal } from './claim-information';

const STATE_COLORS = { received: 'gray', accepted: 'teal', rejected: 'red' } as const;

/**
 * One document shown in place: fetched with the staff token (`GET benefits/claim/{id}/documents/{documentId}`,
 * each read audited) into an object URL; a PDF in a frame (the browser's PDF viewer), an image as is.
 */
function DocumentViewer(props: { claimId: number; document: ClaimDocumentResponse }) {
  const { document } = props;
  const isPdf = document.contentType === 'application/pdf';
  const file = useFileUrl(`v1/benefits/claim/${props.claimId}/documents/${document.id}`, document.contentType);
  const title = `${CLAIM_DOCUMENT_LABELS[document.kind]}: ${document.originalName}`;
  if (file.error) {
    return (
      <Alert color="red" role="alert">
        {file.error}
      </Alert>
    );
  }
  if (!file.url) return <Loader aria-label="Loading the document" />;
  return isPdf ? (
    <iframe
      src={file.url}
      title={title}
      style={{ width: '100%', height: 560, border: 0 }}
      data-testid="document-view"
    />
  ) : (
    <Image src={file.url} alt={title} mah={560} fit="contain" data-testid="document-view" />
  );
}

/**
 * The claim's documents: each with its state (received, accepted, rejected with the reason; issue
 * 21 item 1), "View", and for reviewers "Accept" and "Reject"; the chosen one shown under the list.
 */
export function ClaimDocuments(props: { claim: AdminClaimResponse }) {
  const [shown, setShown] = useState<ClaimDocumentResponse | null>(null);
  const [rejecting, setRejecting] = useState<ClaimDocumentResponse | null>(null);
  const canReview = useCan('claims.review') && props.claim.status !== 'draft';
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Documents
      </Title>
      {props.claim.documents.length === 0 && <Text c="dimmed">No documents uploaded.</Text>}
      <Stack gap="xs">
        {props.claim.documents.map((document) => (
          <Group key={document.id} justify="space-between" data-testid="staff-claim-document">
            <Stack gap={0}>
              <Group gap="xs">
                <Text size="sm">
                  {CLAIM_DOCUMENT_LABELS[document.kind]}: {document.originalName} (
                  {Math.ceil(document.sizeBytes / 1024)} KB)
                </Text>
                <Badge color={STATE_COLORS[document.state]} variant="light">
                  {CLAIM_DOCUMENT_STATE_LABELS[document.state]}
                </Badge>
              </Group>
              {document.state === 'rejected' && (
                <Text size="xs" c="dimmed">
                  {document.rejectionReason} What to do: {document.whatToDo}
                </Text>
              )}
            </Stack>
            <Group gap="xs">
              {canReview && document.state !== 'accepted' && (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="teal"
                  onClick={() => acceptDocument(props.claim, document)}
                  aria-label={`Accept ${document.originalName}`}
                >
                  Accept
                </Button>
              )}
              {canReview && document.state !== 'rejected' && (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  onClick={() => setRejecting(document)}
                  aria-label={`Reject ${document.originalName}`}
                >
                  Reject
                </Button>
              )}
              <Button
                size="compact-sm"
                variant={shown?.id === document.id ? 'filled' : 'default'}
                onClick={() => setShown(document)}
                aria-label={`View ${document.originalName}`}
              >
                View
              </Button>
            </Group>
          </Group>
        ))}
        {shown && <DocumentViewer key={shown.id} claimId={props.claim.id} document={shown} />}
      </Stack>
      {rejecting && <RejectDocumentModal claim={props.claim} document={rejecting} onClose={() => setRejecting(null)} />}
    </Card>
  );
}
