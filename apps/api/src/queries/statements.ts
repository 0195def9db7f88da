import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefits } from '../db/schema/benefits.js';
import { funds } from '../db/schema/funds.js';
import { partners } from '../db/schema/partners.js';
import { persons } from '../db/schema/persons.js';

/** What a benefit statement shows of the benefit, its fund, administrator and member. */
export interface StatementFacts {
  benefit: typeof benefits.$inferSelect;
  fundName: string;
  registrationNumber: string;
  /** The fund's administrator partner's name, or null when none is connected. */
  administrator: string | null;
  firstName: string;
  lastName: string;
  idNumber: string;
}

/**
 * Read model of the benefit statement (issue 18, issue 35 item 3): the benefit with its fund,
 * the fund's administrator and the member, or `undefined` for no such benefit. Reads only.
 */
export async function findStatementFacts(db: Database, benefitId: number): Promise<StatementFacts | undefined> {
  const [row] = await db
    .select({
      benefit: benefits,
      fundName: funds.name,
      registrationNumber: funds.registrationNumber,
      administrator: partners.name,
      firstName: persons.firstName,
      lastName: persons.lastName,
      idNumber: persons.idNumber,
    })
    .from(benefits)
    .innerJoin(funds, eq(funds.id, benefits.fundId))
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .leftJoin(partners, eq(partners.id, funds.administratorPartnerId))
    .where(eq(benefits.id, benefitId));
  return row;
}
