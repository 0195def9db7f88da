import {
  FILE_UPLOAD_TARGET_FIELDS,
  type FileUploadType,
  ROW_MESSAGES,
  type RowFinding,
  readDateCell,
  readEmailCell,
  readIdNumberCell,
  readPhoneCell,
  readRandCell,
  type TargetField,
} from '@bcp/contract';

/** The staging columns a row's checked values are copied into, in order (`file_upload_rows`). */
export const STAGED_VALUES = [
  'id_number',
  'first_name',
  'last_name',
  'member_number',
  'benefit_type',
  'amount_cents',
  'email',
  'phone_number',
  'date_of_exit',
  'date_of_birth',
  'gender',
  'claim_reference',
  'payment_reference',
  'paid_on',
] as const;

/** A staged value's name. */
export type StagedValue = (typeof STAGED_VALUES)[number];

/** Where a staged value is in `CheckedRow.values`. */
const SLOT = new Map<string, number>(STAGED_VALUES.map((key, at) => [key, at]));
const slotOf = (key: StagedValue) => SLOT.get(key) as number;

/** A data row after its cell checks: its values (normalised) in `STAGED_VALUES` order, null when none, and its findings. */
export interface CheckedRow {
  values: (string | number | null)[];
  findings: RowFinding[];
}

/** An empty `CheckedRow`, for `checkRowCells` to fill row after row (no arrays made per row). */
export function checkedRow(): CheckedRow {
  return { values: new Array<string | number | null>(STAGED_VALUES.length).fill(null), findings: [] };
}

/** One target field of a row plan: where its cell is in a row (-1: not mapped) and where its value is staged (-1: nowhere). */
interface PlannedField {
  field: TargetField;
  column: number;
  slot: number;
}

/** How the cells of an upload's rows are checked: its type's target fields, each with its column. */
export interface RowPlan {
  fields: readonly PlannedField[];
}

/**
 * The row plan of an upload type with the chosen mapping, made once per file.
 * @param columnOf a target field key's column index in the file's rows (-1 when not mapped)
 */
export function rowPlan(type: FileUploadType, columnOf: (key: string) => number): RowPlan {
  return {
    fields: FILE_UPLOAD_TARGET_FIELDS[type].map((field) => ({
      field,
      column: columnOf(field.key),
      // A rand amount is staged in cents.
      slot: SLOT.get(field.format === 'rand_amount' ? 'amount_cents' : field.key) ?? -1,
    })),
  };
}

/**
 * The checks of one row that need nothing but the row (issue 16 rule 4): required fields, each
 * field's longest cell (`maxLength`, an error naming the field), the SA ID number (checksum, date,
 * Excel's scientific notation and lost leading zero), rand amounts, contact details and dates.
 * Checks against the database (known benefits, names, claims) and duplicates in the file are made
 * by the validation job.
 * @param cells the row's cells as read (a missing cell is empty)
 * @param into where to write the row (`checkedRow`), emptied first: what an earlier call returned
 *   in it is gone; a new one by default
 */
export function checkRowCells(
  plan: RowPlan,
  cells: readonly string[],
  today: Date,
  into: CheckedRow = checkedRow(),
): CheckedRow {
  const { values, findings } = into;
  values.fill(null);
  findings.length = 0;
  for (const { field, column, slot } of plan.fields) {
    const cell = (cells[column] ?? '').trim();
    if (!cell) {
      if (field.required) {
        findings.push({ level: 'error', field: field.key, message: ROW_MESSAGES.requiredMissing(field.label) });
      }
      continue;
    }
    if (cell.length > field.maxLength) {
      // Never a value staged, and no check (or regex) runs on it (issue 34 item 10).
      findings.push({ level: 'error', field: field.key, message: ROW_MESSAGES.tooLong(field.label, field.maxLength) });
      continue;
    }
    let value: string | number | null;
    switch (field.format) {
      case 'sa_id_number': {
        const read = readIdNumberCell(cell, today);
        value = read.idNumber ?? null;
        if (read.findings.length > 0) findings.push(...read.findings);
        // What a new person needs, read from the ID number.
        values[slotOf('date_of_birth')] = read.dateOfBirth ?? null;
        values[slotOf('gender')] = read.gender ?? null;
        break;
      }
      case 'rand_amount': {
        value = readRandCell(cell);
        if (value === null) findings.push({ level: 'error', field: field.key, message: ROW_MESSAGES.amount });
        break;
      }
      case 'email':
      case 'phone_number': {
        const read = field.format === 'email' ? readEmailCell(cell) : readPhoneCell(cell);
        value = read.value;
        if (read.findings.length > 0) findings.push(...read.findings);
        break;
      }
      case 'date': {
        value = readDateCell(cell, today);
        if (value === null) findings.push({ level: 'error', field: field.key, message: ROW_MESSAGES.date });
        break;
      }
      default:
        value = field.key === 'benefit_type' ? cell.toLowerCase() : cell;
    }
    if (slot !== -1) values[slot] = value;
  }
  return into;
}
