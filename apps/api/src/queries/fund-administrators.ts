import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { partners } from '../db/schema/partners.js';

/*
 * A fund's administrator as the funds module shows and checks it (`funds.administrator_partner_id`
 * points at a partner): a read model (issue 35 item 3) of partners for the funds module, which
 * cannot import partners (partners imports funds: its fund names and choices, the demo fund).
 */

/**
 * The names of the partners administering funds, by partner id (deleted partners included: an old
 * fund still names its administrator). `null` ids (funds without one) are skipped; unknown ids are absent.
 */
export async function fundAdministratorNames(
  db: Database,
  partnerIds: readonly (number | null)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(partnerIds.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(inArray(partners.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Partner `id` when it can administer a fund: an active partner of kind fund administrator, not
 * deleted (`{ id, name }`), or `undefined`.
 */
export async function findEligibleFundAdministrator(
  db: Database,
  id: number,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(
      and(
        eq(partners.id, id),
        eq(partners.kind, 'fund-administrator'),
        eq(partners.active, true),
        isNull(partners.deletedAt),
      ),
    );
  return row;
}
