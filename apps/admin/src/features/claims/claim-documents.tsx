import { type AdminClaimResponse, CLAIM_DOCUMENT_LABELS, type ClaimDocumentResponse } from '@bcp/contract';
import { Alert, Button, Card, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useFileUrl } from '../../lib/files';

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

/** The claim's documents: each with "View", the chosen one shown under the list. */
export function ClaimDocuments(props: { claim: AdminClaimResponse }) {
  const [shown, setShown] = useState<ClaimDocumentResponse | null>(null);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Documents
      </Title>
      {props.claim.documents.length === 0 && <Text c="dimmed">No documents uploaded.</Text>}
      <Stack gap="xs">
        {props.claim.documents.map((document) => (
          <Group key={document.id} justify="space-between">
            <Text size="sm">
              {CLAIM_DOCUMENT_LABELS[document.kind]}: {document.originalName} ({Math.ceil(document.sizeBytes / 1024)}{' '}
              KB)
            </Text>
            <Button
              size="compact-sm"
              variant={shown?.id === document.id ? 'filled' : 'default'}
              onClick={() => setShown(document)}
              aria-label={`View ${document.originalName}`}
            >
              View
            </Button>
          </Group>
        ))}
        {shown && <DocumentViewer key={shown.id} claimId={props.claim.id} document={shown} />}
      </Stack>
    </Card>
  );
}
