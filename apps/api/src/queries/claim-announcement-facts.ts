import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefitClaims } from '../db/schema/benefit-claims.js';
import { benefits } from '../db/schema/benefits.js';
import { funds } from '../db/schema/funds.js';
import { personUsers } from '../db/schema/person-users.js';

/** What a claim's notice to its member is written from (issue 35 item 3: read model, read only). */
export interface ClaimNoticeFacts {
  claim: typeof benefitClaims.$inferSelect;
  fundName: string;
  benefitType: string;
  /** The member's language (a contract MEMBER_LANGUAGES value). */
  language: (typeof personUsers.$inferSelect)['language'];
}

/** The claim with its fund's name, its benefit's type and its member's language, or undefined. */
export async function claimNoticeFacts(db: Database, claimId: number): Promise<ClaimNoticeFacts | undefined> {
  const [row] = await db
    .select({
      claim: benefitClaims,
      fundName: funds.name,
      benefitType: benefits.benefitType,
      language: personUsers.language,
    })
    .from(benefitClaims)
    .innerJoin(benefits, eq(benefits.id, benefitClaims.benefitId))
    .innerJoin(funds, eq(funds.id, benefits.fundId))
    .innerJoin(personUsers, eq(personUsers.id, benefitClaims.personUserId))
    .where(eq(benefitClaims.id, claimId));
  return row;
}

/** The fund of the claim's benefit, or undefined when there is no such claim. */
export async function claimFundId(db: Database, claimId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ fundId: benefits.fundId })
    .from(benefitClaims)
    .innerJoin(benefits, eq(benefits.id, benefitClaims.benefitId))
    .where(eq(benefitClaims.id, claimId));
  return row?.fundId;
}
