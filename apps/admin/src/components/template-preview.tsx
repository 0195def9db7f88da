import type { TemplateKind, TemplatePreviewResponse } from '@bcp/contract';
import { type ApiError, errorMessage, unwrap } from '@bcp/web-client';
import { Alert, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';
import { HtmlPreview } from './html-preview';

/**
 * A Liquid template as typed, rendered by the server with a sample member and benefit
 * (`POST templates/preview`, 400 ms after typing stops), or where it is broken (line and column).
 */
export function TemplatePreview(props: { kind: TemplateKind; subject: string | null; body: string }) {
  const [request] = useDebouncedValue({ kind: props.kind, subject: props.subject, body: props.body }, 400);
  const preview = useQuery({
    queryKey: ['v1/templates/preview', request],
    queryFn: () => unwrap(api.post<TemplatePreviewResponse>('v1/templates/preview', { json: request })),
    enabled: request.body.trim().length > 0,
  });
  const problem = (preview.error as { error?: ApiError } | null)?.error;
  const fields = (problem?.body as { errors?: Record<string, string[]> } | undefined)?.errors;
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Preview
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Rendered by the server with a sample member (Zanele Sample) and benefit.
      </Text>
      {request.body.trim().length === 0 && <Text c="dimmed">Type the text to see it here.</Text>}
      {preview.isFetching && !preview.data && <Loader size="sm" aria-label="Rendering" />}
      {problem && (
        <Alert color="red" role="alert" data-testid="preview-problem">
          {fields ? Object.values(fields).flat().join(' ') : errorMessage(problem)}
        </Alert>
      )}
      {preview.data && !problem && (
        <Stack gap="xs" data-testid="template-preview">
          {preview.data.subject !== null && (
            <Text>
              <strong>Subject:</strong> {preview.data.subject}
            </Text>
          )}
          {preview.data.format === 'html' ? (
            <HtmlPreview html={preview.data.body} label="Rendered text" />
          ) : (
            <Text style={{ whiteSpace: 'pre-wrap' }}>{preview.data.body}</Text>
          )}
        </Stack>
      )}
    </Card>
  );
}
