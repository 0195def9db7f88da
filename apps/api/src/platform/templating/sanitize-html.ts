import { createRequire } from 'node:module';
import { RICH_TEXT_SANITIZE_CONFIG } from '@bcp/contract';
import type { DOMPurify } from 'dompurify';
import type { JSDOM } from 'jsdom';

let purifier: { purify: DOMPurify; window: JSDOM['window'] } | undefined;

/**
 * jsdom and DOMPurify, required at first use rather than imported at start: jsdom alone adds about
 * 95 MB to the server's resident memory, and only emails and template previews need it (issue 18).
 */
function server() {
  if (!purifier) {
    const require = createRequire(import.meta.url);
    const { JSDOM } = require('jsdom') as typeof import('jsdom');
    const createDOMPurify = require('dompurify') as typeof import('dompurify').default;
    const { window } = new JSDOM('');
    purifier = { purify: createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]), window };
  }
  return purifier;
}

/**
 * Rendered template HTML made safe (DESIGN.md: DOMPurify), on the server with jsdom: the same
 * settings as the app's rich text (`RICH_TEXT_SANITIZE_CONFIG`). Used for the HTML part of emails.
 */
export function sanitizeHtml(html: string): string {
  return server().purify.sanitize(html, { ...RICH_TEXT_SANITIZE_CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}

/** The text of sanitized HTML (line breaks for `<br>` and block ends), for a message's plain-text part. */
export function htmlToText(html: string): string {
  const container = server().window.document.createElement('div');
  container.innerHTML = sanitizeHtml(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6])>/gi, '$&\n'));
  return (container.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}
