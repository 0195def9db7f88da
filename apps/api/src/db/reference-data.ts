import { BANK_ACCOUNT_TYPE_LABELS, BANK_ACCOUNT_TYPES, FUND_TYPES, SOUTH_AFRICAN_BANKS } from '@bcp/contract';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Database } from './client.js';
import { accountTypes, banks, fundTypes } from './schema/index.js';

/**
 * Brings reference data kept in code into the database, after the migrations: the South African
 * banks with their universal branch codes (`@bcp/contract` SOUTH_AFRICAN_BANKS). Adds new banks,
 * updates codes, and deactivates banks no longer listed (rows stay: accounts refer to them); the
 * fund types (FUND_TYPES, same rules); and the member app's account types (BANK_ACCOUNT_TYPES),
 * added when missing only, so staff's labels and deactivations stay (issue 8). Idempotent.
 */
export async function syncReferenceData(db: Database): Promise<void> {
  for (const bank of SOUTH_AFRICAN_BANKS) {
    await db
      .insert(banks)
      .values({ name: bank.name, universalBranchCode: bank.universalBranchCode, active: true })
      .onConflictDoUpdate({ target: banks.name, set: { universalBranchCode: bank.universalBranchCode, active: true } });
  }
  const listed = SOUTH_AFRICAN_BANKS.map((bank) => bank.name);
  await db
    .update(banks)
    .set({ active: false })
    .where(and(eq(banks.active, true), notInArray(banks.name, listed)));
  for (const type of FUND_TYPES) {
    await db
      .insert(fundTypes)
      .values({ code: type.code, name: type.name, active: true })
      .onConflictDoUpdate({ target: fundTypes.code, set: { name: type.name, active: true } });
  }
  const listedTypes = FUND_TYPES.map((type) => type.code);
  await db
    .update(fundTypes)
    .set({ active: false })
    .where(and(eq(fundTypes.active, true), notInArray(fundTypes.code, listedTypes)));
  await db
    .insert(accountTypes)
    .values(BANK_ACCOUNT_TYPES.map((code) => ({ code, label: BANK_ACCOUNT_TYPE_LABELS[code] })))
    .onConflictDoNothing({ target: accountTypes.code });
}
