/**
 * Read model (issue 38 item 2): the back office's global search, across persons and their benefits,
 * claims, invoices and file uploads (persons, benefits, funds, benefit_claims, invoices,
 * file_uploads). Every look-up is an indexed one or over a small table, and each answers at most
 * `limit` rows: the search module decides what a term means and what the caller may see. Reads only;
 * rows carry full ID numbers (mask them before answering).
 */
import { and, asc, desc, eq, ilike, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { benefitClaims } from '../db/schema/benefit-claims.js';
import { benefits } from '../db/schema/benefits.js';
import { fileUploads } from '../db/schema/file-uploads.js';
import { funds } from '../db/schema/funds.js';
import { invoices } from '../db/schema/invoices.js';
import { persons } from '../db/schema/persons.js';

/** A person found, with their newest benefit (whose page opens them) and its fund. */
export interface PersonSearchRow {
  personId: number;
  firstName: string;
  lastName: string;
  /** Full: mask it before answering. */
  idNumber: string;
  benefitId: number;
  memberNumber: string;
  fundName: string;
}

/** A claim found (never a draft), with its member's names and fund. */
export interface ClaimSearchRow {
  id: number;
  status: typeof benefitClaims.$inferSelect.status;
  firstName: string;
  lastName: string;
  fundName: string;
}

/** An invoice or credit note found, with its fund. */
export interface InvoiceSearchRow {
  id: number;
  number: string;
  kind: typeof invoices.$inferSelect.kind;
  fundName: string;
}

/** An upload found, with its fund. */
export interface UploadSearchRow {
  id: number;
  fileName: string;
  kind: typeof fileUploads.$inferSelect.kind;
  fundName: string;
}

/** `text` as LIKE pattern text: `%`, `_` and the backslash match literally. */
export function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const personColumns = {
  id: persons.id,
  firstName: persons.firstName,
  lastName: persons.lastName,
  idNumber: persons.idNumber,
};
type PersonColumns = { id: number; firstName: string; lastName: string; idNumber: string };

/**
 * The newest benefit of each of `found` (one query on `benefits_person_id_idx`), kept in the order
 * of `found`; a person without a benefit (a member who signed up and was never in a fund's file)
 * has no page to open and is left out.
 */
async function withNewestBenefit(db: Database, found: PersonColumns[]): Promise<PersonSearchRow[]> {
  if (found.length === 0) return [];
  const newest = await db
    .selectDistinctOn([benefits.personId], {
      personId: benefits.personId,
      benefitId: benefits.id,
      memberNumber: benefits.memberNumber,
      fundName: funds.name,
    })
    .from(benefits)
    .innerJoin(funds, eq(funds.id, benefits.fundId))
    .where(
      inArray(
        benefits.personId,
        found.map((person) => person.id),
      ),
    )
    .orderBy(benefits.personId, desc(benefits.id));
  const byPerson = new Map(newest.map((row) => [row.personId, row]));
  return found.flatMap((person) => {
    const benefit = byPerson.get(person.id);
    if (!benefit) return [];
    const { id: personId, ...names } = person;
    return [
      {
        personId,
        ...names,
        benefitId: benefit.benefitId,
        memberNumber: benefit.memberNumber,
        fundName: benefit.fundName,
      },
    ];
  });
}

/** The person with this ID number (13 digits; the unique index), with their newest benefit. */
export async function findPersonsByIdNumber(db: Database, idNumber: string): Promise<PersonSearchRow[]> {
  const found = await db.select(personColumns).from(persons).where(eq(persons.idNumber, idNumber)).limit(1);
  return withNewestBenefit(db, found);
}

/**
 * Up to `limit` people whose surname starts with `prefix`, any case (the `lower(last_name)` index,
 * walked in its order), by surname, each with their newest benefit.
 */
export async function findPersonsBySurname(db: Database, prefix: string, limit: number): Promise<PersonSearchRow[]> {
  const lowered = sql`lower(${persons.lastName})`;
  const found = await db
    .select(personColumns)
    .from(persons)
    .where(sql`${lowered} like ${`${likeText(prefix.toLowerCase())}%`}`)
    .orderBy(asc(lowered), asc(persons.id))
    .limit(limit);
  return withNewestBenefit(db, found);
}

/**
 * Up to `limit` benefits with this member number (exact; `benefits_member_number_idx`), each as
 * its person with that benefit (a member number is per fund: several funds may use one).
 */
export async function findPersonsByMemberNumber(
  db: Database,
  memberNumber: string,
  limit: number,
): Promise<PersonSearchRow[]> {
  return db
    .select({
      personId: persons.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      idNumber: persons.idNumber,
      benefitId: benefits.id,
      memberNumber: benefits.memberNumber,
      fundName: funds.name,
    })
    .from(benefits)
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .innerJoin(funds, eq(funds.id, benefits.fundId))
    .where(eq(benefits.memberNumber, memberNumber))
    .orderBy(desc(benefits.id))
    .limit(limit);
}

/** The claim with this id (its primary key) unless it is a member's draft, with its member and fund. */
export async function findClaimById(db: Database, claimId: number): Promise<ClaimSearchRow[]> {
  return db
    .select({
      id: benefitClaims.id,
      status: benefitClaims.status,
      firstName: persons.firstName,
      lastName: persons.lastName,
      fundName: funds.name,
    })
    .from(benefitClaims)
    .innerJoin(benefits, eq(benefits.id, benefitClaims.benefitId))
    .innerJoin(persons, eq(persons.id, benefits.personId))
    .innerJoin(funds, eq(funds.id, benefits.fundId))
    .where(and(eq(benefitClaims.id, claimId), ne(benefitClaims.status, 'draft')))
    .limit(1);
}

/**
 * Up to `limit` invoices and credit notes whose number is one of `numbers` (exact) or starts with
 * `prefix` (case as stored; `invoices_number_unique` and the `text_pattern_ops` index), by number.
 */
export async function findInvoicesByNumber(
  db: Database,
  match: { numbers: string[]; prefix?: string | undefined },
  limit: number,
): Promise<InvoiceSearchRow[]> {
  if (match.numbers.length === 0 && !match.prefix) return [];
  const rows = await db
    .select({ id: invoices.id, number: invoices.number, kind: invoices.kind, fundName: funds.name })
    .from(invoices)
    .innerJoin(funds, eq(funds.id, invoices.fundId))
    .where(
      or(
        match.numbers.length > 0 ? inArray(invoices.number, match.numbers) : undefined,
        match.prefix ? like(invoices.number, `${likeText(match.prefix)}%`) : undefined,
      ),
    )
    .orderBy(asc(invoices.number))
    .limit(limit);
  // A draft has no number, so it never matches one.
  return rows.map((row) => ({ ...row, number: row.number ?? '' }));
}

/**
 * Up to `limit` uploads whose file name contains `text`, any case, newest first. Uploads are one row
 * per file a fund sent (thousands, not millions), so reading the table is cheap.
 */
export async function findUploadsByFileName(db: Database, text: string, limit: number): Promise<UploadSearchRow[]> {
  const rows = await db
    .select({ id: fileUploads.id, fileName: fileUploads.fileName, kind: fileUploads.kind, fundName: funds.name })
    .from(fileUploads)
    .innerJoin(funds, eq(funds.id, fileUploads.fundId))
    .where(ilike(fileUploads.fileName, `%${likeText(text)}%`))
    .orderBy(desc(fileUploads.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, fileName: row.fileName ?? '' }));
}
