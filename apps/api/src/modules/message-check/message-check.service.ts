import { MESSAGE_CHECK_MESSAGES, MESSAGE_KINDS, type MessageCheckResponse } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { findSentMessageReference } from '../../platform/messaging/message-reference-lookup.js';

/**
 * "Is this message from us?" (issue 21 item 4): looks for an email or SMS we sent with this
 * reference code to this destination (both already normalized by `MessageCheckRequest`) in
 * `message_references`, where the destination is kept only as a keyed hash under `secret`.
 * @returns when we sent it: `fromUs: true` with the time it was recorded, its channel and its
 *   kind, never its content, purpose or recipient; otherwise `fromUs: false` with the advice. A
 *   right code to another destination answers exactly like an unknown code. The record outlives
 *   the outbox row (which holds the text and is purged after `RETENTION_OUTBOX_HOURS`).
 */
export async function checkMessage(
  db: Database,
  secret: string,
  input: { referenceCode: string; destination: string },
): Promise<MessageCheckResponse> {
  const found = await findSentMessageReference(db, secret, input);
  if (!found) {
    return {
      fromUs: false,
      sentAt: null,
      channel: null,
      kind: null,
      kindText: null,
      message: MESSAGE_CHECK_MESSAGES.notFromUs,
      advice: `${MESSAGE_CHECK_MESSAGES.notFromUsAdvice} ${MESSAGE_CHECK_MESSAGES.advice}`,
    };
  }
  const kind = (Object.hasOwn(MESSAGE_KINDS, found.kind) ? found.kind : 'other') as keyof typeof MESSAGE_KINDS;
  return {
    fromUs: true,
    sentAt: found.createdAt.toISOString(),
    channel: found.channel,
    kind,
    kindText: MESSAGE_KINDS[kind],
    message: MESSAGE_CHECK_MESSAGES.fromUs,
    advice: MESSAGE_CHECK_MESSAGES.advice,
  };
}
