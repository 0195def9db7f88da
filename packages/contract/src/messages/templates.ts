/**
 * Template kinds, the rich-text sanitizer settings and the template messages.
 * Plain values, no Zod: the app imports them and its bundle leaves the schemas out
 * (`sideEffects: false` in package.json lets the bundler drop modules whose exports are unused).
 */

/**
 * Template kinds (issue 7 "Templates"): an FAQ answer, an email, an SMS, a push/in-app
 * notification, a statement. `subject` is the email's subject or the notification's title.
 * `html`: rendered with output escaping and shown as sanitized rich text; `text`: plain text.
 */
export const TEMPLATE_KINDS = ['faq_answer', 'email', 'sms', 'push', 'statement'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export const TEMPLATE_KIND_INFO: Record<TemplateKind, { label: string; hasSubject: boolean; format: 'html' | 'text' }> =
  {
    faq_answer: { label: 'FAQ answer', hasSubject: false, format: 'html' },
    email: { label: 'Email', hasSubject: true, format: 'html' },
    sms: { label: 'SMS', hasSubject: false, format: 'text' },
    push: { label: 'Push / notification', hasSubject: true, format: 'html' },
    statement: { label: 'Statement', hasSubject: true, format: 'html' },
  };

/**
 * DOMPurify settings (DESIGN.md) for rich text from templates and notifications, the same in the app
 * and on the server:  HTML only; no style, forms, images, SVG, MathML or embedded frames.
 */
export const RICH_TEXT_SANITIZE_CONFIG: {
  USE_PROFILES: { html: boolean };
  FORBID_TAGS: string[];
  FORBID_ATTR: string[];
} = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'img', 'svg', 'math', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style'],
};

/** Messages of the template and FAQ calls. */
export const TEMPLATE_MESSAGES = {
  notFound: 'No such template.',
  duplicateName: 'A template with this name exists already.',
  duplicateKey: 'Another template of this kind already replaces this message.',
  noSubject: 'This kind of template has no subject.',
  keyPattern: 'Use a lower-case message key such as otp or bank-account.changed.',
} as const;
