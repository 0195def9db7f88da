import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { messageReferences } from '../../db/schema/message-references.js';
import { destinationHash } from './reference-code.js';

/** What `message_references` keeps of a message we sent: never its text or recipient. */
export interface SentMessageReference {
  createdAt: Date;
  channel: 'email' | 'sms';
  kind: string;
}

/**
 * The message we sent with this reference code to this destination (issue 21 item 4), looked up
 * by the code and the keyed hash of the destination under `secret` (both normalized by the
 * caller), or `undefined`. A right code to another destination is `undefined` too.
 */
export async function findSentMessageReference(
  db: Database,
  secret: string,
  input: { referenceCode: string; destination: string },
): Promise<SentMessageReference | undefined> {
  const [found] = await db
    .select({
      createdAt: messageReferences.createdAt,
      channel: messageReferences.channel,
      kind: messageReferences.kind,
    })
    .from(messageReferences)
    .where(
      and(
        eq(messageReferences.referenceCode, input.referenceCode),
        eq(messageReferences.destinationHash, destinationHash(secret, input.destination)),
      ),
    )
    .limit(1);
  return found;
}
