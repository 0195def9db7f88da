import {
  type InvitationListQuery,
  type InvitationResponse,
  type ListResponse,
  maskEmail,
  maskPhoneNumber,
} from '@bcp/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { outreachInvitations, outreachOptOuts } from '../db/schema/outreach.js';
import { personUsers } from '../db/schema/person-users.js';
import { persons } from '../db/schema/persons.js';
import { listPage, orderBy } from '../platform/lists/list-page.js';
import { outboxDeliveryOf } from '../platform/messaging/outbox-delivery.js';

/** The invitation's message as the outbox says (platform's table, read through platform's expression). */
const delivery = outboxDeliveryOf(outreachInvitations.outboxId);

/**
 * Read model of a fund's invitation list (issue 17, issue 35 item 3): each invitation with its
 * person, channel, masked destination, time, delivery as the outbox says (platform's
 * `outboxDeliveryOf`), opt-out and sign-up (if after it); filters `channel`, `delivery`; the one
 * list envelope. Reads only; the caller checks the fund exists.
 */
export async function listFundInvitations(
  db: Database,
  fundId: number,
  query: InvitationListQuery,
): Promise<ListResponse<InvitationResponse>> {
  const filter = query.filter ?? {};
  const where = and(
    eq(outreachInvitations.fundId, fundId),
    filter.channel ? eq(outreachInvitations.channel, filter.channel) : undefined,
    filter.delivery ? eq(delivery, filter.delivery) : undefined,
  );
  const base = () =>
    db
      .select({
        id: outreachInvitations.id,
        person: { id: persons.id, firstName: persons.firstName, lastName: persons.lastName },
        channel: outreachInvitations.channel,
        destination: outreachInvitations.destination,
        sentAt: outreachInvitations.sentAt,
        delivery,
        optedOut: sql<boolean>`${outreachOptOuts.id} is not null`,
        signedUpAt: personUsers.createdAt,
      })
      .from(outreachInvitations)
      .innerJoin(persons, eq(persons.id, outreachInvitations.personId))
      .leftJoin(outreachOptOuts, eq(outreachOptOuts.personId, outreachInvitations.personId))
      .leftJoin(personUsers, eq(personUsers.personId, outreachInvitations.personId));
  return listPage(query, {
    rows: (page) =>
      base()
        .where(where)
        .orderBy(
          ...orderBy(
            query.sort,
            { id: outreachInvitations.id, sentAt: outreachInvitations.sentAt },
            outreachInvitations.id,
          ),
        )
        .limit(page.limit)
        .offset(page.offset),
    count: async () => {
      const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(outreachInvitations).where(where);
      return Number(row?.value ?? 0);
    },
    toItem: (row) => ({
      id: row.id,
      person: row.person,
      channel: row.channel,
      destination: row.channel === 'sms' ? maskPhoneNumber(row.destination) : maskEmail(row.destination),
      sentAt: row.sentAt.toISOString(),
      delivery: row.delivery,
      optedOut: Boolean(row.optedOut),
      signedUpAt: row.signedUpAt && row.signedUpAt >= row.sentAt ? row.signedUpAt.toISOString() : null,
    }),
  });
}
