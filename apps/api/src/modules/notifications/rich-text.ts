import { htmlToText, sanitizeHtml } from '../../platform/templating/sanitize-html.js';

/**
 * A notification body as stored and shown (DESIGN.md: rich text is sanitized): the same DOMPurify
 * settings as templates and the app (`RICH_TEXT_SANITIZE_CONFIG`). The app sanitizes again.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html).trim();
}

/** The body as plain text (SMS, the email's text part): tags dropped, line breaks kept. */
export function richTextToPlain(html: string): string {
  return htmlToText(html);
}
