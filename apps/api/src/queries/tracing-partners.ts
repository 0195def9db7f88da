import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { funds } from '../db/schema/funds.js';
import { partnerFunds } from '../db/schema/partner-funds.js';
import { partners } from '../db/schema/partners.js';

/*
 * The tracing partners that receive partner files (issue 17), with the funds they serve: a read
 * model (issue 35 item 3) joining partners and funds for the partner-files module.
 */

/** A tracing partner as the partner-files screen lists it. */
export interface TracingPartner {
  id: number;
  name: string;
  contactEmail: string | null;
  /** The funds it serves, by name. */
  funds: { id: number; name: string }[];
}

const activeTracingPartner = and(
  eq(partners.kind, 'tracing-partner'),
  eq(partners.active, true),
  isNull(partners.deletedAt),
);

/** The active tracing partners (not deleted) by name, each with the funds it serves. */
export async function activeTracingPartners(db: Database): Promise<TracingPartner[]> {
  const rows = await db
    .select({ id: partners.id, name: partners.name, contactEmail: partners.contactEmail })
    .from(partners)
    .where(activeTracingPartner)
    .orderBy(asc(partners.name), asc(partners.id));
  const ids = rows.map((row) => row.id);
  const links =
    ids.length === 0
      ? []
      : await db
          .select({ partnerId: partnerFunds.partnerId, id: funds.id, name: funds.name })
          .from(partnerFunds)
          .innerJoin(funds, eq(funds.id, partnerFunds.fundId))
          .where(inArray(partnerFunds.partnerId, ids))
          .orderBy(asc(funds.name));
  return rows.map((row) => ({
    ...row,
    funds: links.filter((link) => link.partnerId === row.id).map((link) => ({ id: link.id, name: link.name })),
  }));
}

/** Whether partner `partnerId` is an active tracing partner that is not deleted. */
export async function isActiveTracingPartner(db: Database, partnerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.id, partnerId), activeTracingPartner));
  return row !== undefined;
}
