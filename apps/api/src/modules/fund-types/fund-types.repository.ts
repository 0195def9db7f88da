import type { FundTypeResponse } from '@bcp/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { fundTypes } from '../../db/schema/fund-types.js';

const columns = { id: fundTypes.id, code: fundTypes.code, name: fundTypes.name, active: fundTypes.active };

/**
 * The fund types (spec 7 `GET fund_types`), by name; reference data synced from `@bcp/contract`
 * FUND_TYPES at start (db/reference-data.ts). Inactive ones are listed too, marked.
 */
export async function listFundTypes(db: Database): Promise<FundTypeResponse[]> {
  return db.select(columns).from(fundTypes).orderBy(asc(fundTypes.name));
}

/** An active fund type by id, or `undefined`. */
export async function findActiveFundType(db: Database, id: number): Promise<FundTypeResponse | undefined> {
  const [row] = await db
    .select(columns)
    .from(fundTypes)
    .where(and(eq(fundTypes.id, id), eq(fundTypes.active, true)));
  return row;
}

/** A fund type by code (e.g. `pension`), or `undefined`. */
export async function findFundTypeByCode(db: Database, code: string): Promise<FundTypeResponse | undefined> {
  const [row] = await db.select(columns).from(fundTypes).where(eq(fundTypes.code, code));
  return row;
}

/** The fund types with these ids (id, code and name); unknown ids are absent. */
export async function fundTypesByIds(
  db: Database,
  ids: readonly number[],
): Promise<Array<Pick<FundTypeResponse, 'id' | 'code' | 'name'>>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: fundTypes.id, code: fundTypes.code, name: fundTypes.name })
    .from(fundTypes)
    .where(inArray(fundTypes.id, [...ids]));
}
