import type { BankResponse } from '@bcp/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { banks } from '../../db/schema/banks.js';

/** The banks members may choose, by name. */
export async function listActiveBanks(db: Database): Promise<BankResponse[]> {
  return db
    .select({ id: banks.id, name: banks.name, universalBranchCode: banks.universalBranchCode })
    .from(banks)
    .where(eq(banks.active, true))
    .orderBy(asc(banks.name));
}

/** An active bank by id, or `undefined`. */
export async function findActiveBank(db: Database, bankId: number): Promise<BankResponse | undefined> {
  const [row] = await db
    .select({ id: banks.id, name: banks.name, universalBranchCode: banks.universalBranchCode })
    .from(banks)
    .where(and(eq(banks.id, bankId), eq(banks.active, true)));
  return row;
}

/** The banks with these ids (active or not), in no particular order. */
export async function findBanksByIds(db: Database, bankIds: readonly number[]): Promise<BankResponse[]> {
  if (bankIds.length === 0) return [];
  return db
    .select({ id: banks.id, name: banks.name, universalBranchCode: banks.universalBranchCode })
    .from(banks)
    .where(inArray(banks.id, [...bankIds]));
}
