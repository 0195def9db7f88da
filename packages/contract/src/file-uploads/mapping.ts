import { FILE_UPLOAD_TARGET_FIELDS, type FileUploadType, type TargetField } from './types.js';

/** A column mapping: target field key -> the file's column header (exactly as in the file). */
export type ColumnMapping = Record<string, string>;

/** A header name compared loosely: lower-case, without spaces, `_`, `-`, `.`, `/` or `#`. */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_\-./#()]/g, '');
}

function bigrams(text: string): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < text.length - 1; i += 1) pairs.push(text.slice(i, i + 2));
  return pairs;
}

/** Sørensen-Dice similarity of two strings' letter pairs, 0 (nothing shared) to 1 (same). */
export function headerSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const left = bigrams(a);
  const right = bigrams(b);
  if (left.length === 0 || right.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const pair of left) counts.set(pair, (counts.get(pair) ?? 0) + 1);
  let shared = 0;
  for (const pair of right) {
    const count = counts.get(pair) ?? 0;
    if (count > 0) {
      shared += 1;
      counts.set(pair, count - 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

/** Below this similarity a header is not suggested for a field. */
export const FUZZY_MATCH_THRESHOLD = 0.7;

function score(field: TargetField, header: string): number {
  const normalized = normalizeHeader(header);
  if (normalized === normalizeHeader(field.key) || field.aliases.includes(normalized)) return 2;
  const candidates = [normalizeHeader(field.key), ...field.aliases];
  return Math.max(...candidates.map((candidate) => headerSimilarity(candidate, normalized)));
}

/**
 * Suggests which column of a file feeds each target field of a type (issue 16 rule 2): an exact
 * key or known alias first, then the most similar header (Dice similarity at least
 * FUZZY_MATCH_THRESHOLD). Each header feeds at most one field; the best-scoring pairs win.
 * @param saved a mapping saved for the fund; its columns win when the file has them
 * @returns target field key -> header; fields without a good match are left out
 */
export function suggestMapping(
  type: FileUploadType,
  header: readonly string[],
  saved: ColumnMapping = {},
): ColumnMapping {
  const fields = FILE_UPLOAD_TARGET_FIELDS[type];
  const mapping: ColumnMapping = {};
  const used = new Set<string>();
  for (const field of fields) {
    const column = saved[field.key];
    if (column !== undefined && header.includes(column) && !used.has(column)) {
      mapping[field.key] = column;
      used.add(column);
    }
  }
  const pairs = fields
    .filter((field) => !(field.key in mapping))
    .flatMap((field) => header.map((column, index) => ({ field, column, index, score: score(field, column) })))
    .filter((pair) => pair.score >= FUZZY_MATCH_THRESHOLD && !used.has(pair.column))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  for (const pair of pairs) {
    if (pair.field.key in mapping || used.has(pair.column)) continue;
    mapping[pair.field.key] = pair.column;
    used.add(pair.column);
  }
  return mapping;
}

/** Messages of a mapping that cannot be used (422 field errors under `mapping`). */
export const MAPPING_MESSAGES = {
  required: (label: string) => `Choose the column with the ${label}; it is required.`,
  unknownField: (key: string) => `${key} is not a field of this file type.`,
  unknownColumn: (column: string) => `The file has no column "${column}".`,
  columnTwice: (column: string) => `The column "${column}" is mapped to more than one field.`,
} as const;

/**
 * Checks a chosen mapping against a type's fields and, when known, the file's header.
 * @returns per-field messages (empty when the mapping can be used)
 */
export function checkMapping(
  type: FileUploadType,
  mapping: ColumnMapping,
  header?: readonly string[],
): Record<string, string[]> {
  const fields = FILE_UPLOAD_TARGET_FIELDS[type];
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  for (const field of fields)
    if (field.required && !mapping[field.key]) add(field.key, MAPPING_MESSAGES.required(field.label));
  const seen = new Set<string>();
  for (const [key, column] of Object.entries(mapping)) {
    if (!fields.some((field) => field.key === key)) add(key, MAPPING_MESSAGES.unknownField(key));
    if (header && !header.includes(column)) add(key, MAPPING_MESSAGES.unknownColumn(column));
    if (seen.has(column)) add(key, MAPPING_MESSAGES.columnTwice(column));
    seen.add(column);
  }
  return errors;
}
