import { MESSAGE_CHECK_MESSAGES, MESSAGE_KINDS, type MessageCheckResponse } from '@bcp/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';

type MessageKind = keyof typeof MESSAGE_KINDS;

/** Purpose prefixes (the part before the first dot) and the kind each names. */
const KIND_OF_PURPOSE: Record<string, MessageKind> = {
  otp: 'pin',
  account: 'account',
  staff: 'account',
  bank_account: 'bankAccount',
  notification: 'notification',
  outreach: 'invitation',
};

/** The kind of message a purpose names (`otp.sign_in` is a PIN); `other` for a purpose not listed. */
export function messageKind(purpose: string): MessageKind {
  return KIND_OF_PURPOSE[purpose.split('.')[0] ?? ''] ?? 'other';
}

/**
 * "Is this message from us?" (issue 21 item 4): looks for an email or SMS we recorded with this
 * reference code to this destination (both already normalized by `MessageCheckRequest`).
 * @returns when we sent it: `fromUs: true` with the time it was recorded, its channel and its
 *   kind, never its content, purpose or recipient; otherwise `fromUs: false` with the advice. A
 *   right code to another destination answers exactly like an unknown code. Messages are found
 *   while the outbox keeps them (`RETENTION_OUTBOX_HOURS`).
 */
export async function checkMessage(
  db: Database,
  input: { referenceCode: string; destination: string },
): Promise<MessageCheckResponse> {
  const [found] = await db
    .select({ createdAt: outboxMessages.createdAt, channel: outboxMessages.channel, purpose: outboxMessages.purpose })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.referenceCode, input.referenceCode),
        eq(outboxMessages.destination, input.destination),
        inArray(outboxMessages.channel, ['email', 'sms']),
      ),
    )
    .limit(1);
  if (!found || found.channel === 'push') {
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
  const kind = messageKind(found.purpose);
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
