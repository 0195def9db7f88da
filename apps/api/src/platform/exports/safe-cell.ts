/**
 * First characters that make a spreadsheet read a text cell as a formula (OWASP "CSV injection"):
 * `=`, `+`, `-`, `@`, tab and CR, and their fullwidth forms (`＝＋－＠`), which some spreadsheets
 * and locales fold to the ASCII ones.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A plain negative number (`-12`, `-1480.50`): a spreadsheet reads it as a number, never a formula. */
const NEGATIVE_NUMBER = /^-\d{1,30}(\.\d{1,30})?$/;

/**
 * One cell of any CSV or XLSX the product writes (exports, partner files, refused rows; issue 34
 * item 5), made inert: a text cell that a spreadsheet would run as a formula gets a leading
 * apostrophe (`=HYPERLINK(...)` becomes `'=HYPERLINK(...)`), which spreadsheets show as text.
 * Names, references and file cells come from members, funds and partners, so every cell goes
 * through here. Numbers, null and plain negative numbers written as text (`-1480.50`, an amount)
 * are left as they are; anything else starting with a formula character is quoted.
 */
export function safeCell<T extends string | number | null>(value: T): T {
  if (typeof value !== 'string' || !FORMULA_START.test(value) || NEGATIVE_NUMBER.test(value)) return value;
  return `'${value}` as T;
}

/** `safeCell` over a row of cells. */
export function safeRow<T extends string | number | null>(cells: readonly T[]): T[] {
  return cells.map(safeCell);
}
