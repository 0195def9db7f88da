import { RICH_TEXT_SANITIZE_CONFIG } from '@bcp/contract';
import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';

/**
 * Sanitizes rich text for display (DESIGN.md: DOMPurify) with the contract's settings, the same the
 * server uses: only safe markup stays (no scripts, event handlers, `javascript:` links, styles,
 * forms or images).
 */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, RICH_TEXT_SANITIZE_CONFIG);
}

/** Rich text from a template or a notification, sanitized (spec 2 "shown as rich text"). */
export function RichText(props: { html: string }) {
  return (
    <Typography fz="sm">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above */}
      <div dangerouslySetInnerHTML={{ __html: sanitizeRichText(props.html) }} />
    </Typography>
  );
}
