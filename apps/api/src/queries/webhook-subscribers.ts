import type { WebhookEvent } from '@bcp/contract';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { funds } from '../db/schema/funds.js';
import { partners } from '../db/schema/partners.js';
import { partnerWebhookEndpoints } from '../db/schema/webhooks.js';
import { readsClaimsOfFund } from './claim-readers.js';

/**
 * The ids of the live webhook endpoints subscribed to `event`, registered by `at`, of the active
 * partner that reads fund `fundId`'s claims (`readsClaimsOfFund`: its administrator; a tracing
 * partner linked to the fund hears nothing). A read model (issue 35 item 3): endpoints joined to
 * partners and funds; `tx` may be a transaction.
 */
export async function subscribedWebhookEndpoints(
  tx: Database,
  event: WebhookEvent,
  fundId: number,
  at: Date,
): Promise<number[]> {
  const rows = await tx
    .select({ id: partnerWebhookEndpoints.id, events: partnerWebhookEndpoints.events })
    .from(partnerWebhookEndpoints)
    .innerJoin(partners, eq(partners.id, partnerWebhookEndpoints.partnerId))
    .innerJoin(funds, and(eq(funds.id, fundId), readsClaimsOfFund(partners.id)))
    .where(
      and(
        isNull(partnerWebhookEndpoints.deletedAt),
        lte(partnerWebhookEndpoints.createdAt, at),
        eq(partners.active, true),
        isNull(partners.deletedAt),
      ),
    );
  return rows.filter((row) => row.events.includes(event)).map((row) => row.id);
}
