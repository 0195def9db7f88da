import { FILE_UPLOAD_MESSAGES } from '@bcp/contract';
import { AppError } from '../../platform/errors/app-error.js';

/**
 * What reading one uploaded file may cost (issue 34 items 2 and 3; decision 019 "Member files"),
 * each checked before the memory or time is spent: a file over a budget is refused with a 413
 * (a size) or a 422 (a file that cannot be decoded), never read further, never `validated`.
 * A member file has a few dozen columns and rows of a few hundred characters; Excel's own cell
 * limit is 32,767 characters.
 */
export const FILE_BUDGETS = {
  /** Columns of the header or of any row (CSV fields; XLSX cells holding a value). */
  maxColumns: 200,
  /** Characters of one cell (Excel's own limit). */
  maxCellChars: 32_767,
  /** Characters of one CSV row, all its cells together (the reader stops buffering there). */
  maxRowChars: 1_048_576,
  /** Data rows under the header (a 200 MB file of real member rows has about 2 million). */
  maxRows: 3_000_000,
  /** Rows times the header's width (rows are padded to it). */
  maxCells: 150_000_000,
  /** Seconds to read a file's header and first rows (at upload, for the mapping screen). */
  headerSeconds: 60,
  /** Seconds to read a whole file (validation). */
  fileSeconds: 1_800,
  xlsx: {
    /** Parts (zip entries) of a workbook. */
    maxEntries: 10_000,
    /** Bytes of the zip's central directory. */
    maxDirectoryBytes: 4 * 1024 * 1024,
    /** Unpacked bytes of `xl/sharedStrings.xml`. */
    maxSharedStringsBytes: 256 * 1024 * 1024,
    /** Different texts (`<si>`) in the shared strings. */
    maxSharedStrings: 5_000_000,
    /** UTF-8 bytes of all shared strings together (kept compactly: `shared-strings.ts`). */
    maxSharedStringBytes: 128 * 1024 * 1024,
    /** Unpacked bytes of the sheet read. */
    maxSheetBytes: 1536 * 1024 * 1024,
    /** Unpacked bytes of the workbook, its relationships and its styles, each. */
    maxPartBytes: 16 * 1024 * 1024,
    /** XML bytes without a tag (a text or a tag longer than any real cell). */
    maxXmlTokenBytes: 1024 * 1024,
  },
} as const;

const MEGABYTE = 1024 * 1024;

/** A file over a size budget (413), with the message also under `errors.file`. */
export function fileTooLarge(message: string): AppError {
  return new AppError('too_large', message, { file: [message] });
}

/** A file that cannot be read or decoded (422), with the message also under `errors.file`. */
export function fileUnreadable(message: string): AppError {
  return new AppError('validation', message, { file: [message] });
}

/** A damaged or unexpected XLSX (422). */
export function xlsxDamaged(reason: string): AppError {
  return fileUnreadable(FILE_UPLOAD_MESSAGES.xlsxDamaged(reason));
}

/** An XLSX part unpacking past its budget (413). */
export function xlsxTooLarge(part: string, maxBytes: number): AppError {
  return fileTooLarge(FILE_UPLOAD_MESSAGES.xlsxTooLarge(part, Math.floor(maxBytes / MEGABYTE)));
}

/** The time a read may take: `check()` throws a 413 once it is spent. */
export class ReadDeadline {
  private readonly endsAt: number;

  /** @param seconds the budget, from now */
  constructor(private readonly seconds: number) {
    this.endsAt = performance.now() + seconds * 1000;
  }

  /** @throws AppError 413 `tooSlow` past the deadline */
  check(): void {
    if (performance.now() > this.endsAt) throw fileTooLarge(FILE_UPLOAD_MESSAGES.tooSlow(this.seconds));
  }
}
