import { count } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { funds } from '../../db/schema/index.js';

export interface CreateFundInput {
  name: string;
  /** FSCA registration number, unique. */
  registrationNumber: string;
}

/** Creates a fund and returns its id. A duplicate registration number is a 409 (unique violation). */
export async function createFund(db: Database, input: CreateFundInput): Promise<{ id: number }> {
  const [row] = await db.insert(funds).values(input).returning({ id: funds.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The number of funds (archived included). */
export async function countFunds(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(funds);
  return row?.value ?? 0;
}
