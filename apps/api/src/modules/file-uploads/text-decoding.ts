import { isAscii, isUtf8 } from 'node:buffer';
import { Transform, type TransformCallback } from 'node:stream';
import { FILE_UPLOAD_MESSAGES } from '@bcp/contract';
import iconv from 'iconv-lite';
import { fileUnreadable } from './file-budgets.js';

/**
 * The encoding of an uploaded CSV (issue 34 item 10; decision 019 "Member files"), decided once and
 * never guessed byte by byte:
 * - a BOM decides: UTF-8 (`EF BB BF`), UTF-16LE (`FF FE`, Excel's "Unicode text"), UTF-16BE
 *   (`FE FF`); UTF-32 is refused;
 * - without one, UTF-16 when the first 4 KB has a NUL at every other byte (text in UTF-16 is mostly
 *   ASCII letters and digits, each with a NUL byte beside it);
 * - otherwise `utf8-or-win1252`: the first byte outside ASCII decides. When it starts a valid UTF-8
 *   character the file is UTF-8, and any later byte that is not valid UTF-8 refuses the file; when it
 *   does not, the file is Windows-1252 (Excel's "CSV" on Windows), refused at a byte Windows-1252
 *   leaves undefined or at a valid UTF-8 character (a file of two encodings).
 */
export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'utf8-or-win1252';

/** Bytes of the head looked at for NULs. */
const UTF16_SNIFF_BYTES = 4096;
/** Largest piece handed on (the CSV reader checks its budgets between pieces). */
export const TEXT_PIECE_BYTES = 64 * 1024;
/** Windows-1252 leaves these bytes undefined. */
const WIN1252_UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

function startsWith(head: Buffer, bytes: number[]): boolean {
  return head.length >= bytes.length && bytes.every((byte, at) => head[at] === byte);
}

/** UTF-16 by its NULs (no BOM): little-endian when the odd bytes are NUL, big-endian when the even ones are. */
function utf16ByNuls(head: Buffer): 'utf16le' | 'utf16be' | null {
  const pairs = Math.floor(Math.min(head.length, UTF16_SNIFF_BYTES) / 2);
  if (pairs < 2) return null;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let pair = 0; pair < pairs; pair += 1) {
    if (head[2 * pair] === 0) evenNuls += 1;
    if (head[2 * pair + 1] === 0) oddNuls += 1;
  }
  if (oddNuls >= pairs * 0.4 && evenNuls <= pairs * 0.05) return 'utf16le';
  if (evenNuls >= pairs * 0.4 && oddNuls <= pairs * 0.05) return 'utf16be';
  return null;
}

/**
 * The encoding of a CSV by its first bytes (see `TextEncoding`).
 * @throws AppError 422 for a UTF-32 file
 */
export function detectTextEncoding(head: Buffer): TextEncoding {
  if (startsWith(head, [0xff, 0xfe, 0, 0]) || startsWith(head, [0, 0, 0xfe, 0xff])) {
    throw fileUnreadable(FILE_UPLOAD_MESSAGES.unsupportedEncoding);
  }
  if (startsWith(head, [0xef, 0xbb, 0xbf])) return 'utf8';
  if (startsWith(head, [0xff, 0xfe])) return 'utf16le';
  if (startsWith(head, [0xfe, 0xff])) return 'utf16be';
  return utf16ByNuls(head) ?? 'utf8-or-win1252';
}

/** Bytes of the UTF-8 character starting with `lead` (0 for a byte no character starts with). */
function utf8Length(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** Whether a valid UTF-8 character of two bytes or more starts at `at` (false when cut off). */
function utf8CharAt(bytes: Buffer, at: number): boolean {
  const length = utf8Length(bytes[at] as number);
  return length > 0 && at + length <= bytes.length && isUtf8(bytes.subarray(at, at + length));
}

/** Where a UTF-8 character cut off by the end of `bytes` starts (`bytes.length` when none is). */
function cutCharacterStart(bytes: Buffer): number {
  for (let at = bytes.length - 1; at >= Math.max(0, bytes.length - 3); at -= 1) {
    const byte = bytes[at] as number;
    if ((byte & 0xc0) === 0x80) continue;
    return byte >= 0xc0 && bytes.length - at < Math.max(utf8Length(byte), 2) ? at : bytes.length;
  }
  return bytes.length;
}

/** The first byte of `bytes` outside ASCII. */
function firstNonAscii(bytes: Buffer): number {
  for (let at = 0; at < bytes.length; at += 1) if ((bytes[at] as number) >= 0x80) return at;
  return -1;
}

/** Where the first byte that is not valid UTF-8 is (only looked for once `isUtf8` said there is one). */
function firstInvalidUtf8(bytes: Buffer): number {
  for (let at = 0; at < bytes.length; ) {
    const byte = bytes[at] as number;
    if (byte < 0x80) at += 1;
    else if (utf8CharAt(bytes, at)) at += utf8Length(byte);
    else return at;
  }
  return bytes.length;
}

/** Line breaks (`\n`) in `bytes` before `end`. */
function lineBreaks(bytes: Buffer, end = bytes.length): number {
  let count = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1 && at < end; at = bytes.indexOf(0x0a, at + 1)) count += 1;
  return count;
}

/** The text of a file's first bytes, to look at its header (lenient: the cut end is replaced). */
export function decodeHead(head: Buffer, encoding: TextEncoding): string {
  if (encoding === 'utf16le' || encoding === 'utf16be') {
    return new TextDecoder(encoding === 'utf16le' ? 'utf-16le' : 'utf-16be').decode(head);
  }
  const first = firstNonAscii(head);
  if (encoding === 'utf8' || first === -1 || utf8CharAt(head, first)) return head.toString('utf8');
  return iconv.decode(head, 'win1252');
}

/**
 * A stream from a file's bytes in `encoding` to its text as UTF-8 bytes, in pieces of at most 64 KB
 * (what the CSV reader takes; UTF-8 passes through unchanged once checked, natively per chunk).
 * Errors with an AppError 422 naming the line (`\n` counted) where the file stops being valid in its
 * encoding, as `TextEncoding` says.
 */
export function utf8Text(encoding: TextEncoding): Transform {
  let mode: 'ascii' | 'utf8' | 'win1252' | 'utf16' = encoding === 'utf8' ? 'utf8' : 'ascii';
  if (encoding === 'utf16le' || encoding === 'utf16be') mode = 'utf16';
  const utf16 =
    mode === 'utf16' ? new TextDecoder(encoding === 'utf16le' ? 'utf-16le' : 'utf-16be', { fatal: true }) : null;
  let carry: Buffer = Buffer.alloc(0);
  let linesBefore = 0;

  const refuse = (message: (line: number) => string, bytes: Buffer, at: number) =>
    fileUnreadable(message(linesBefore + lineBreaks(bytes, at) + 1));

  /** Checks and converts one run of whole characters; @returns its UTF-8 bytes. */
  const convert = (bytes: Buffer): Buffer => {
    if (mode === 'ascii') {
      if (isAscii(bytes)) return bytes;
      mode = utf8CharAt(bytes, firstNonAscii(bytes)) ? 'utf8' : 'win1252';
    }
    if (mode === 'utf8') {
      if (!isUtf8(bytes)) throw refuse(FILE_UPLOAD_MESSAGES.notUtf8, bytes, firstInvalidUtf8(bytes));
      return bytes;
    }
    if (mode === 'win1252') {
      for (let at = firstNonAscii(bytes); at !== -1 && at < bytes.length; at += 1) {
        const byte = bytes[at] as number;
        if (byte < 0x80) continue;
        if (WIN1252_UNDEFINED.has(byte)) throw refuse(FILE_UPLOAD_MESSAGES.notWindows1252, bytes, at);
        if (utf8CharAt(bytes, at)) throw refuse(FILE_UPLOAD_MESSAGES.mixedEncodings, bytes, at);
      }
      return Buffer.from(iconv.decode(bytes, 'win1252'), 'utf8');
    }
    let text: string;
    try {
      text = (utf16 as TextDecoder).decode(bytes, { stream: bytes.length > 0 });
    } catch {
      throw fileUnreadable(FILE_UPLOAD_MESSAGES.notUtf16(linesBefore + 1));
    }
    return Buffer.from(text, 'utf8');
  };

  const emit = (stream: Transform, bytes: Buffer) => {
    const converted = convert(bytes);
    linesBefore += lineBreaks(mode === 'utf16' ? converted : bytes);
    for (let at = 0; at < converted.length; at += TEXT_PIECE_BYTES) {
      stream.push(converted.subarray(at, at + TEXT_PIECE_BYTES));
    }
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      try {
        const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
        // A character cut by the chunk's end waits for the next chunk (UTF-16 keeps its own).
        const cut = mode === 'utf16' ? bytes.length : cutCharacterStart(bytes);
        carry = bytes.subarray(cut);
        emit(this, bytes.subarray(0, cut));
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback: TransformCallback) {
      try {
        // What is left: a cut character at the very end (refused in UTF-8), or UTF-16's last bytes.
        if (mode === 'utf16') emit(this, Buffer.alloc(0));
        else if (carry.length > 0) emit(this, carry);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}
