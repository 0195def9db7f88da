import { DEFAULT_LANGUAGE, type MemberLanguage, TEMPLATE_KIND_INFO } from '@bcp/contract';
import { renderTemplate } from '@bcp/contract/templating';
import type { Database } from '../../db/client.js';
import { handedOver } from '../wiring/handed-over.js';
import { BUILT_IN_MESSAGES, type MessageKind } from './message-catalog.js';
import { TRANSLATED_MESSAGES } from './message-translations.js';
import { htmlToText, sanitizeHtml } from './sanitize-html.js';

export type { MessageKind } from './message-catalog.js';

/** A message ready for the messenger or a push: subject (email) or title (push), text, and HTML (email, push). */
export interface RenderedMessage {
  subject?: string;
  /** Plain text: the SMS, the email's text part, the push body. */
  text: string;
  /** Sanitized HTML (email, push); absent for SMS. */
  html?: string;
  /** Which template produced it: a stored one (its id) or the built-in default. */
  source: { templateId: number } | 'default';
}

/** What to render: the message key, its kind, its data, and a default when the key is not built in. */
export interface MessageToRender {
  /** e.g. `otp`, `bank-account.changed`, `claim.approved`. */
  key: string;
  kind: MessageKind;
  /** Plain data (copied as JSON before rendering): e.g. `{ pin, purpose }`, or benefit/person/fund/claim. */
  data: Record<string, unknown>;
  /** The built-in text for keys not in `BUILT_IN_MESSAGES` (Liquid). */
  fallback?: { subject?: string; body: string };
  /** The member's language (decision 036); English when absent. */
  language?: MemberLanguage;
}

/** Thrown for a key with neither a built-in default nor a `fallback` (a programming error). */
export class UnknownMessageError extends Error {
  override name = 'UnknownMessageError';
}

/**
 * The template staff saved for a kind and key (`otp`, `otp.af`, ...): its id, subject and body
 * (Liquid), or undefined when there is none. Templates are the templates module's table, which
 * platform does not read (issue 35): templates gives this lookup at start-up (`useStoredTemplates`,
 * from its module's `install`).
 */
export type StoredTemplateLookup = (
  db: Database,
  kind: MessageKind,
  key: string,
) => Promise<{ id: number; subject: string | null; body: string } | undefined>;

const storedTemplates = handedOver<StoredTemplateLookup>(
  'the templates module has not given platform/templating its template lookup',
);

/** Gives the messages their lookup of staff's templates; the templates module calls it at start-up. */
export function useStoredTemplates(lookup: StoredTemplateLookup): void {
  storedTemplates.give(lookup);
}

async function renderParts(
  kind: MessageKind,
  text: { subject?: string | null; body: string },
  data: Record<string, unknown>,
): Promise<Omit<RenderedMessage, 'source'>> {
  const hasSubject = TEMPLATE_KIND_INFO[kind].hasSubject;
  // Subjects and SMS are plain text: rendered without HTML escaping, never shown as HTML.
  const subject = hasSubject && text.subject ? await renderTemplate(text.subject, data, { escape: false }) : undefined;
  if (TEMPLATE_KIND_INFO[kind].format === 'text') {
    return {
      ...(subject === undefined ? {} : { subject }),
      text: await renderTemplate(text.body, data, { escape: false }),
    };
  }
  const html = sanitizeHtml(await renderTemplate(text.body, data));
  return {
    ...(subject === undefined ? {} : { subject: subject.replace(/\s+/g, ' ').trim() }),
    text: htmlToText(html),
    html,
  };
}

/**
 * Renders a message from the template staff saved for its kind and key, else from the built-in
 * default (issue 7), in the member's language (decision 036). A stored template that fails to render (a limit, bad data) falls back to the
 * default, so a PIN or a notice is never lost to a template. HTML is escaped, then sanitized.
 *
 * ```ts
 * const message = await renderMessage(db, { key: 'otp', kind: 'sms', data: { pin, purpose, expiresInMinutes: 10 } });
 * await messenger.send({ channel: 'sms', destination, purpose: 'otp.sign_in', text: message.text });
 * ```
 * @throws UnknownMessageError when the key has no built-in default and no `fallback` is given
 * @throws Error when the templates module has not given its lookup (`useStoredTemplates`; a wiring mistake)
 */
export async function renderMessage(db: Database, message: MessageToRender): Promise<RenderedMessage> {
  const language = message.language ?? DEFAULT_LANGUAGE;
  const translated = language === 'en' ? undefined : TRANSLATED_MESSAGES[language][message.key]?.[message.kind];
  // In Afrikaans or isiZulu: staff's template `<key>.<language>` (e.g. `otp.af`), else the built-in
  // translation; a message without a translation is sent in English (decision 036).
  const key = translated ? `${message.key}.${language}` : message.key;
  const fallback = translated ?? message.fallback ?? BUILT_IN_MESSAGES[message.key]?.defaults[message.kind];
  const stored = await storedTemplates.take()(db, message.kind, key);
  if (stored) {
    try {
      return { ...(await renderParts(message.kind, stored, message.data)), source: { templateId: stored.id } };
    } catch (error) {
      if (!fallback) throw error;
    }
  }
  if (!fallback) throw new UnknownMessageError(`No template or default for message ${message.key} (${message.kind})`);
  return { ...(await renderParts(message.kind, fallback, message.data)), source: 'default' };
}
