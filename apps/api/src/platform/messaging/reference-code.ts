import { createHmac, randomBytes } from 'node:crypto';
import {
  formatReferenceCode,
  type MESSAGE_KINDS,
  type MemberLanguage,
  REFERENCE_CODE_ALPHABET,
  REFERENCE_CODE_LENGTH,
} from '@bcp/contract';
import escapeHtml from 'escape-html';
import { REFERENCE_LINES } from '../templating/message-translations.js';

/**
 * A new random reference code (issue 21 item 4): 8 characters of Crockford's base 32, 40 random
 * bits (about 10^12 codes, so guessing one for a given destination is hopeless under the check's
 * throttle).
 */
export function generateReferenceCode(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let index = REFERENCE_CODE_LENGTH - 1; index >= 0; index -= 1) {
    code += REFERENCE_CODE_ALPHABET[Number((bits >> BigInt(index * 5)) & 31n)];
  }
  return code;
}

/** The member app's "Is this message from us?" page. */
export function messageCheckUrl(publicUrl: string): string {
  return new URL('/check-message', publicUrl).toString();
}

/**
 * The parts of a message as delivered: the text (SMS or the email's text part) and the HTML
 * part each end with the reference code and where to check it. The subject is unchanged.
 */
export function withReferenceCode<Parts extends { text: string; html: string | null }>(
  parts: Parts,
  code: string,
  checkUrl: string,
  language: MemberLanguage = 'en',
): Parts {
  const shown = formatReferenceCode(code);
  const line = REFERENCE_LINES[language];
  const fill = (template: string, url: string) => template.replace('{code}', shown).replaceAll('{url}', url);
  return {
    ...parts,
    text: `${parts.text}\n\n${fill(line.text, checkUrl)}`,
    html: parts.html === null ? null : `${parts.html}${fill(line.html, escapeHtml(checkUrl))}`,
  };
}

/**
 * The keyed hash a message's destination is kept under for the check (`message_references`):
 * HMAC-SHA256 under the app secret of the normalized destination (E.164, lower-case email), hex.
 */
export function destinationHash(secret: string, destination: string): string {
  return createHmac('sha256', secret).update(`message-destination:${destination}`).digest('hex');
}

/** Purpose prefixes (the part before the first dot) and the kind each names. */
const KIND_OF_PURPOSE: Record<string, keyof typeof MESSAGE_KINDS> = {
  otp: 'pin',
  account: 'account',
  staff: 'account',
  bank_account: 'bankAccount',
  notification: 'notification',
  outreach: 'invitation',
  // Issue 21 item 3: "money may be waiting" and its confirmation invite the person to claim.
  watchlist: 'invitation',
};

/** The kind of message a purpose names (`otp.sign_in` is a PIN); `other` for a purpose not listed. */
export function messageKind(purpose: string): keyof typeof MESSAGE_KINDS {
  return KIND_OF_PURPOSE[purpose.split('.')[0] ?? ''] ?? 'other';
}
