import { createHmac, timingSafeEqual } from 'node:crypto';
import { OUTREACH_MESSAGES } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { personExists, personsReachedAt } from '../../queries/outreach-people.js';
import { insertOptOuts } from './outreach.repository.js';

/** Replies that stop invitations (case and spaces ignored). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT']);

/** The opt-out link's token for a person: an HMAC under the app secret (unguessable, never expires). */
export function optOutToken(appSecret: string, personId: number): string {
  return createHmac('sha256', appSecret).update(`outreach-opt-out:${personId}`).digest('base64url').slice(0, 32);
}

/** The opt-out link of an invitation. */
export function optOutUrl(publicUrl: string, appSecret: string, personId: number): string {
  return `${publicUrl}/api/outreach/opt-out?person=${personId}&token=${optOutToken(appSecret, personId)}`;
}

/** Records the opt-out of each person (once; the first way they chose is kept), audited. */
async function optOut(db: Database, personIds: number[], via: 'sms' | 'link'): Promise<number> {
  if (personIds.length === 0) return 0;
  const added = await insertOptOuts(db, personIds, via);
  for (const personId of added) {
    await recordAudit(db, {
      actor: { type: 'system', label: `outreach.opt-out.${via}` },
      action: 'persons.outreach_opted_out',
      entityType: 'persons',
      entityId: personId,
      after: { via },
    });
  }
  return added.length;
}

/**
 * The opt-out link (`GET /api/outreach/opt-out`, issue 17): records the person's opt-out; nothing
 * is sent to them again. Opening it twice is the same.
 * @throws AppError 404 for a token that is not the person's (the same answer for any bad link)
 */
export async function optOutByLink(
  db: Database,
  appSecret: string,
  personId: number,
  token: string,
): Promise<{ message: string }> {
  const expected = Buffer.from(optOutToken(appSecret, personId));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError('not_found', OUTREACH_MESSAGES.badOptOutLink);
  }
  if (!(await personExists(db, personId))) throw new AppError('not_found', OUTREACH_MESSAGES.badOptOutLink);
  await optOut(db, [personId], 'link');
  return { message: OUTREACH_MESSAGES.optedOut };
}

/**
 * An SMS reply the gateway passes on (`POST /api/outreach/sms-replies`, issue 17): `STOP` (or
 * another stop word) opts out every person invited at that number, or whose number it is.
 * Other replies change nothing.
 * @returns how many persons were opted out now
 */
export async function recordSmsReply(db: Database, reply: { from: string; text: string }): Promise<number> {
  const word = reply.text.replace(/\s+/g, '').toUpperCase().slice(0, 20);
  if (!STOP_WORDS.has(word)) return 0;
  const from = reply.from.replace(/\s+/g, '');
  return optOut(db, await personsReachedAt(db, from), 'sms');
}

/** `true` when the SMS gateway's bearer token matches the configured one (timing-safe). */
export function isGatewayToken(configured: string | undefined, header: string | undefined): boolean {
  if (!configured || !header?.startsWith('Bearer ')) return false;
  const expected = Buffer.from(configured);
  const given = Buffer.from(header.slice('Bearer '.length));
  return expected.length === given.length && timingSafeEqual(expected, given);
}
