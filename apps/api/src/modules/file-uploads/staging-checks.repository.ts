import { type FileUploadType, ROW_MESSAGES } from '@bcp/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import * as claims from '../benefit-claims/index.js';
import * as benefits from '../benefits/index.js';
import * as persons from '../persons/index.js';
import { SAME_ROW_VALUES } from './staged-row-lines.js';
import type { UploadPhaseClock } from './upload-phases.js';

/**
 * The row checks that need the whole file or the database (issue 16 rule 4), run set-based on an
 * upload's staging rows once they are copied in (decision 023): a row repeating an earlier one of
 * the file (refused), a benefit the fund already has (warning with the amount change), names that
 * differ from the person known for the ID number (warning), trace results for unknown persons and
 * payment confirmations for claims not found or not approved (refused). One statement per check,
 * whatever the file's size. Messages are the contract's `ROW_MESSAGES`.
 *
 * A repository of file-uploads (issue 35): it writes only its own `file_upload_rows`; the other
 * domains' tables it reads come as relations from their modules (persons' `knownPersonsRelation`,
 * benefits' `fundBenefitsRelation`, benefit-claims' `claimStatusesRelation`), simple subqueries
 * the planner flattens into the same one statement per check.
 */

/** A message with placeholders (`\u0001`, `\u0002`) for values the SQL fills in. */
const FIRST = '\u0001';
const SECOND = '\u0002';

/** `findings || [finding]`, and `refused` for an error, as SET terms. */
function addFinding(level: 'error' | 'warning', field: string, message: SQL): SQL {
  const finding = sql`jsonb_build_array(jsonb_build_object('level', ${level}::text, 'field', ${field}::text, 'message', ${message}))`;
  const refused = level === 'error' ? sql`, refused = true` : sql``;
  return sql`findings = coalesce(r.findings, '[]'::jsonb) || ${finding}${refused}`;
}

/** Cents as `centsToRandString` writes them (`1234.50`), in SQL. */
const randText = (cents: SQL) => sql`(${cents} / 100)::text || '.' || lpad((${cents} % 100)::text, 2, '0')`;

/** Values that are not text (no collation). */
const NOT_TEXT = new Set<string>(['amount_cents', 'date_of_exit', 'paid_on']);
/**
 * The values compared, text byte by byte (`collate "C"`): the same equality as the database's own
 * (deterministic) collation, but a sort by plain comparisons with abbreviated keys rather than the
 * locale's, several times faster.
 */
const sameValues = sql.raw(
  SAME_ROW_VALUES.map((column) => (NOT_TEXT.has(column) ? column : `${column} collate "C"`)).join(', '),
);

/**
 * Refuses each row equal, in every value read (`SAME_ROW_VALUES`), to an earlier row of the file,
 * naming that row's line. Only the `suspects` (the lines that share a hash of those values with
 * another line, found while the file was copied: `RepeatedRows`, decision 084) can be: equal
 * values give equal hashes, so comparing the suspects' values among themselves finds every
 * repeated row and its first line, as comparing every row would. Nothing to compare, no statement.
 */
async function checkDuplicateRows(db: Database, id: number, suspects: readonly number[]): Promise<void> {
  if (suspects.length === 0) return;
  const message = ROW_MESSAGES.duplicateRow(FIRST as unknown as number);
  await db.execute(sql`
    update file_upload_rows r set ${addFinding('error', 'row', sql`replace(${message}::text, chr(1), d.first_line::text)`)}
    from (
      select line, first_line from (
        select line, min(line) over (partition by ${sameValues}) as first_line
        from file_upload_rows where file_upload_id = ${id} and line = any(${`{${suspects.join(',')}}`}::int[])
      ) lines where first_line < line
    ) d
    where r.file_upload_id = ${id} and r.line = d.line`);
}

/** Warns where the names differ from the person known for the ID number. */
async function checkNames(db: Database, id: number): Promise<void> {
  await db.execute(sql`
    update file_upload_rows r set ${addFinding('warning', 'row', sql`${ROW_MESSAGES.namesDiffer}::text`)}
    from (${persons.knownPersonsRelation()}) p
    where r.file_upload_id = ${id} and p.id_number = r.id_number
      and (lower(p.first_name) <> lower(coalesce(r.first_name, '')) or lower(p.last_name) <> lower(coalesce(r.last_name, '')))`);
}

/** Refuses trace results for ID numbers nobody is known by. */
async function checkPersonsKnown(db: Database, id: number): Promise<void> {
  await db.execute(sql`
    update file_upload_rows r set ${addFinding('error', 'id_number', sql`${ROW_MESSAGES.personUnknown}::text`)}
    where r.file_upload_id = ${id} and r.id_number is not null
      and not exists (select 1 from (${persons.knownPersonsRelation()}) p where p.id_number = r.id_number)`);
}

/** Warns where the fund has the benefit already, showing the amount change. */
async function checkKnownBenefits(db: Database, id: number, fundId: number): Promise<void> {
  const message = ROW_MESSAGES.benefitKnown(FIRST, SECOND);
  const filled = sql`replace(replace(${message}::text, chr(1), ${randText(sql`b.amount_cents`)}), chr(2), ${randText(sql`r.amount_cents`)})`;
  await db.execute(sql`
    update file_upload_rows r set ${addFinding('warning', 'row', filled)}
    from (${benefits.fundBenefitsRelation(fundId)}) b
    where r.file_upload_id = ${id} and r.amount_cents is not null
      and b.member_number = r.member_number and b.benefit_type = r.benefit_type`);
}

/** Refuses payment confirmations for claims of the fund not found, or not approved (with the status). */
async function checkClaims(db: Database, id: number, fundId: number): Promise<void> {
  const notApproved = ROW_MESSAGES.claimNotApproved(FIRST);
  const message = sql`case when c.status is null then ${ROW_MESSAGES.claimNotFound}::text
    else replace(${notApproved}::text, chr(1), c.status) end`;
  await db.execute(sql`
    update file_upload_rows r set ${addFinding('error', 'claim_reference', message)}
    from file_upload_rows s
    left join lateral (
      select c.status from (${claims.claimStatusesRelation()}) c
        join (${benefits.fundBenefitsRelation(fundId)}) b on b.id = c.benefit_id
      where c.id = case when s.claim_reference ~ '^[1-9][0-9]{0,14}$' then s.claim_reference::bigint end
    ) c on true
    where r.file_upload_id = ${id} and s.file_upload_id = ${id} and s.line = r.line
      and s.claim_reference is not null and c.status is distinct from 'approved'`);
}

/** The upload whose staged rows `checkStagedRows` checks. */
export interface StagedUpload {
  type: FileUploadType;
  id: number;
  fundId: number;
  /** Lines that may repeat another (`RepeatedRows`); the others are not compared. */
  suspects: readonly number[];
}

/** Runs the set-based checks of an upload's type on its staging rows. */
export async function checkStagedRows(db: Database, upload: StagedUpload, clock?: UploadPhaseClock): Promise<void> {
  const { type, id, fundId } = upload;
  const time = (phase: string, check: () => Promise<void>) => (clock ? clock.time(phase, check) : check());
  await time('check duplicate rows', () => checkDuplicateRows(db, id, upload.suspects));
  if (type === 'member_file') {
    await time('check names', () => checkNames(db, id));
    await time('check known benefits', () => checkKnownBenefits(db, id, fundId));
  } else if (type === 'trace_results') {
    await time('check persons known', () => checkPersonsKnown(db, id));
    await time('check names', () => checkNames(db, id));
  } else await time('check claims', () => checkClaims(db, id, fundId));
}

/** Rows, refused rows and rows kept with a warning, of an upload's staging rows. */
export async function countStagedRows(
  db: Database,
  id: number,
): Promise<{ rows: number; refused: number; warnings: number }> {
  const result = await db.execute(sql`
    select count(*)::int as rows, (count(*) filter (where refused))::int as refused,
      (count(*) filter (where not refused and findings is not null))::int as warnings
    from file_upload_rows where file_upload_id = ${id}`);
  const [row] = (result as unknown as { rows: { rows: number; refused: number; warnings: number }[] }).rows;
  return { rows: Number(row?.rows ?? 0), refused: Number(row?.refused ?? 0), warnings: Number(row?.warnings ?? 0) };
}
