import { and, asc, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { banks } from '../db/schema/banks.js';
import { benefitClaims } from '../db/schema/benefit-claims.js';
import { benefits } from '../db/schema/benefits.js';
import { funds } from '../db/schema/funds.js';
import { personBankAccounts } from '../db/schema/person-bank-accounts.js';
import { persons } from '../db/schema/persons.js';

const exportColumns = {
  id: benefitClaims.id,
  benefitId: benefitClaims.benefitId,
  status: benefitClaims.status,
  payout: benefitClaims.payout,
  bankMatchStatus: benefitClaims.bankMatchStatus,
  submittedAt: benefitClaims.submittedAt,
  decidedAt: benefitClaims.decidedAt,
  paidAt: benefitClaims.paidAt,
  paymentReference: benefitClaims.paymentReference,
  memberNumber: benefits.memberNumber,
  amountCents: benefits.amountCents,
  fundName: funds.name,
  fundRegistrationNumber: funds.registrationNumber,
  firstName: persons.firstName,
  lastName: persons.lastName,
  idNumber: persons.idNumber,
  bankName: banks.name,
  accountLast4: personBankAccounts.accountNumberLast4,
  accountEncrypted: personBankAccounts.accountNumberEncrypted,
};

/** One claim of the staff's claims export: the claim, its benefit, fund, person and bank account. */
export type ClaimExportRow = {
  id: number;
  benefitId: number;
  status: string;
  payout: unknown;
  bankMatchStatus: string | null;
  submittedAt: Date | null;
  decidedAt: Date | null;
  paidAt: Date | null;
  paymentReference: string | null;
  memberNumber: string;
  amountCents: number;
  fundName: string;
  fundRegistrationNumber: string;
  firstName: string;
  lastName: string;
  idNumber: string;
  bankName: string | null;
  accountLast4: string | null;
  accountEncrypted: string | null;
};

/**
 * Read model of the staff's claims export (issue 18; issue 35 item 3): one keyset page of claims
 * matching `condition` (built over `benefit_claims` and `benefits` by the claims list), after
 * claim id `after`, newest first unless `newestFirst` is false, with their benefit, fund, person
 * and bank account. Read only.
 */
export function claimExportPage(
  db: Database,
  condition: SQL | undefined,
  newestFirst: boolean,
  after: number | undefined,
  batchSize: number,
): Promise<ClaimExportRow[]> {
  return db
    .select(exportColumns)
    .from(benefitClaims)
    .innerJoin(benefits, eq(benefits.id, benefitClaims.benefitId))
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .innerJoin(funds, eq(funds.id, benefits.fundId))
    .leftJoin(personBankAccounts, eq(personBankAccounts.id, benefitClaims.bankAccountId))
    .leftJoin(banks, eq(banks.id, personBankAccounts.bankId))
    .where(
      and(
        condition,
        after === undefined ? undefined : newestFirst ? lt(benefitClaims.id, after) : gt(benefitClaims.id, after),
      ),
    )
    .orderBy(newestFirst ? desc(benefitClaims.id) : asc(benefitClaims.id))
    .limit(batchSize);
}
