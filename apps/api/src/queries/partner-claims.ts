import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { banks } from '../db/schema/banks.js';
import { benefitClaims } from '../db/schema/benefit-claims.js';
import { benefits } from '../db/schema/benefits.js';
import { funds } from '../db/schema/funds.js';
import { personBankAccounts } from '../db/schema/person-bank-accounts.js';
import { personUsers } from '../db/schema/person-users.js';
import { persons } from '../db/schema/persons.js';
import { readsClaimsOfFund } from './claim-readers.js';

/**
 * Read model of the partner API's claim calls (`/api/v2/benefitclaim/*`, issue 9; issue 35 item 3):
 * which funds' claims a partner reads (`readsClaimsOfFund`), one claim of those, and what the
 * fund administrator needs to pay it (the benefit, the member, the payee account with its bank).
 * Read only.
 */

/** A claim as stored. */
export type PartnerClaimRow = typeof benefitClaims.$inferSelect;

/** The ids of the funds whose claims partner `partnerId` reads (those it administers); empty when none. */
export async function fundIdsReadBy(db: Database, partnerId: number): Promise<number[]> {
  const rows = await db.select({ id: funds.id }).from(funds).where(readsClaimsOfFund(partnerId));
  return rows.map((row) => row.id);
}

/**
 * The claim `claimId` when a fund whose claims partner `partnerId` reads holds its benefit (drafts
 * included: the caller decides); undefined otherwise.
 */
export async function claimReadBy(
  db: Database,
  partnerId: number,
  claimId: number,
): Promise<PartnerClaimRow | undefined> {
  const [row] = await db
    .select({ claim: benefitClaims })
    .from(benefitClaims)
    .innerJoin(benefits, eq(benefits.id, benefitClaims.benefitId))
    .innerJoin(funds, eq(funds.id, benefits.fundId))
    .where(and(eq(benefitClaims.id, claimId), readsClaimsOfFund(partnerId)));
  return row?.claim;
}

/**
 * The benefit `benefitId` (as stored: amount in cents), its person (full ID number) and whether the
 * member user `personUserId` passed the identity check; undefined when either is missing.
 */
export async function partnerClaimMember(db: Database, benefitId: number, personUserId: number) {
  const [row] = await db
    .select({ benefit: benefits, person: persons, identityVerified: personUsers.iidentifiiVerified })
    .from(benefits)
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .innerJoin(personUsers, eq(personUsers.id, personUserId))
    .where(eq(benefits.id, benefitId));
  return row;
}

/** The bank account `accountId` (number encrypted) with its bank, removed or not; undefined when none. */
export async function payeeAccountWithBank(db: Database, accountId: number) {
  const [row] = await db
    .select({ account: personBankAccounts, bank: banks })
    .from(personBankAccounts)
    .innerJoin(banks, eq(banks.id, personBankAccounts.bankId))
    .where(eq(personBankAccounts.id, accountId));
  return row;
}
