import { RICH_TEXT_SANITIZE_CONFIG } from '@bcp/contract';
import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';

/**
 * HTML rendered by the server (a template preview), shown as members would see it. The server
 * sanitized it already; it is sanitized here again with the same settings before it touches the page.
 */
export function HtmlPreview(props: { html: string; label: string }) {
  const clean = DOMPurify.sanitize(props.html, RICH_TEXT_SANITIZE_CONFIG);
  return (
    <Typography fz="sm">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify on the line above */}
      <div aria-label={props.label} role="document" dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
