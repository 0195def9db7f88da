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
} from '@bcp/contract';

/** A data row after its cell checks: values by target field key (normalised), and its findings. */
export interface CheckedRow {
  values: Record<string, string | number | null>;
  findings: RowFinding[];
}

/**
 * The checks of one row that need nothing but the row (issue 16 rule 4): required fields, each
 * field's longest cell (`maxLength`, an error naming the field), the SA ID number (checksum, date,
 * Excel's scientific notation and lost leading zero), rand amounts, contact details and dates.
 * Checks against the database (known benefits, names, claims) and duplicates in the file are made
 * by the validation job.
 * @param cellOf the cell of a target field by the chosen mapping ('' when not mapped)
 */
export function checkRowCells(type: FileUploadType, cellOf: (key: string) => string, today: Date): CheckedRow {
  const values: CheckedRow['values'] = {};
  const findings: RowFinding[] = [];
  for (const field of FILE_UPLOAD_TARGET_FIELDS[type]) {
    const cell = cellOf(field.key).trim();
    if (!cell) {
      values[field.key] = null;
      if (field.required) {
        findings.push({ level: 'error', field: field.key, message: ROW_MESSAGES.requiredMissing(field.label) });
      }
      continue;
    }
    if (cell.length > field.maxLength) {
      // Never a value staged, and no check (or regex) runs on it (issue 34 item 10).
      values[field.format === 'rand_amount' ? 'amount_cents' : field.key] = null;
      findings.push({ level: 'error', field: field.key, message: ROW_MESSAGES.tooLong(field.label, field.maxLength) });
      continue;
    }
    switch (field.format) {
      case 'sa_id_number': {
        const read = readIdNumberCell(cell, today);
        values[field.key] = read.idNumber ?? null;
        findings.push(...read.findings);
        // What a new person needs, read from the ID number.
        values.date_of_birth = read.dateOfBirth ?? null;
        values.gender = read.gender ?? null;
        break;
      }
      case 'rand_amount': {
        const cents = readRandCell(cell);
        values.amount_cents = cents;
        if (cents === null) findings.push({ level: 'error', field: field.key, message: ROW_MESSAGES.amount });
        break;
      }
      case 'email': {
        const read = readEmailCell(cell);
        values[field.key] = read.value;
        findings.push(...read.findings);
        break;
      }
      case 'phone_number': {
        const read = readPhoneCell(cell);
        values[field.key] = read.value;
        findings.push(...read.findings);
        break;
      }
      case 'date': {
        const date = readDateCell(cell, today);
        values[field.key] = date;
        if (date === null) findings.push({ level: 'error', field: field.key, message: ROW_MESSAGES.date });
        break;
      }
      default:
        values[field.key] = field.key === 'benefit_type' ? cell.toLowerCase() : cell;
    }
  }
  return { values, findings };
}
