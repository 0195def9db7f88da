import { CLAIM_MESSAGES } from '@bcp/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/errors/app-error.js';
import { countUnclaimedByIdNumber } from '../../queries/unclaimed-benefit-count.js';
import {
  type BenefitFromFundData,
  benefitRowsOf,
  findPersonIdOfBenefit,
  flagUnclaimedOfPerson,
  upsertBenefits,
} from './benefits.repository.js';

export type { BenefitFromFundData } from './benefits.repository.js';

const CHUNK = 500;

/**
 * Records benefits from fund data with the member file's rule (`upsertBenefits`, `on-conflict`),
 * over VALUES lists of 500, one fund and upload at a time: a benefit already recorded for the
 * same fund, member number and benefit type gets the new amount while still unclaimed (one
 * claimed or paid is left as it is).
 * @returns benefits inserted or updated
 */
export async function recordBenefits(db: Database, rows: readonly BenefitFromFundData[]): Promise<number> {
  const groups = new Map<string, BenefitFromFundData[]>();
  for (const row of rows) {
    const key = `${row.fundId}/${row.fileUploadId ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  let loaded = 0;
  for (const group of groups.values()) {
    const { fundId, fileUploadId } = group[0] as BenefitFromFundData;
    for (let start = 0; start < group.length; start += CHUNK) {
      const chunk = group.slice(start, start + CHUNK);
      loaded += await upsertBenefits(db, benefitRowsOf(chunk), { fundId, fileUploadId }, 'on-conflict');
    }
  }
  return loaded;
}

/**
 * How many unclaimed benefits wait for an ID number (spec 2 search): one indexed query whose
 * shape and cost are the same whether or not the person exists. The statement is prepared once
 * per database (a named statement on PostgreSQL: parsed and planned once per connection).
 * @param idNumber a validated 13-digit SA ID number
 */
export function countUnclaimedBenefits(db: Database, idNumber: string): Promise<number> {
  return countUnclaimedByIdNumber(db, idNumber);
}

/**
 * Flags a deceased member's unclaimed benefits, in every fund, for the fund's dependants' process
 * (issue 17; Pension Funds Act s37C): from then on they cannot be claimed by a member sign-up
 * (`CLAIM` start refuses them) and staff see them flagged.
 * @param at when the death became known (the look-up's time)
 * @returns how many benefits were flagged now
 */
export function flagBenefitsForDependantsProcess(db: Database, personId: number, at: Date): Promise<number> {
  return flagUnclaimedOfPerson(db, personId, at);
}

/**
 * The person a benefit belongs to.
 * @throws AppError `not_found` (404) when there is no such benefit
 */
export async function findBenefitPersonId(db: Database, benefitId: number): Promise<number> {
  const personId = await findPersonIdOfBenefit(db, benefitId);
  if (personId === undefined)
    throw new AppError('not_found', CLAIM_MESSAGES.benefitNotFound, undefined, { code: 'benefit_not_found' });
  return personId;
}
