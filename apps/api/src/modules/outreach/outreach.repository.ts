import { and, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { outreachInvitations, outreachOptOuts } from '../../db/schema/outreach.js';

/** A new invitation: fund, person, channel, destination, its outbox message and when it was sent. */
export type NewInvitation = Pick<
  typeof outreachInvitations.$inferInsert,
  'fundId' | 'personId' | 'channel' | 'destination' | 'outboxId' | 'sentAt'
>;

/** How many invitations fund `fundId` sent at or after `since`. */
export async function countInvitationsSince(db: Database, fundId: number, since: Date): Promise<number> {
  return db.$count(
    outreachInvitations,
    and(eq(outreachInvitations.fundId, fundId), gte(outreachInvitations.sentAt, since)),
  );
}

/** Records a sent invitation. */
export async function insertInvitation(db: Database, values: NewInvitation): Promise<void> {
  await db.insert(outreachInvitations).values(values);
}

/**
 * Records each person's opt-out once (a person already opted out keeps the first way).
 * @returns the persons opted out now
 */
export async function insertOptOuts(db: Database, personIds: number[], via: 'sms' | 'link'): Promise<number[]> {
  const added = await db
    .insert(outreachOptOuts)
    .values(personIds.map((personId) => ({ personId, via })))
    .onConflictDoNothing()
    .returning({ personId: outreachOptOuts.personId });
  return added.map((row) => row.personId);
}
