import { hashCodeUnit, hashValueEnd } from './repeated-rows.js';

/**
 * COPY text written straight as UTF-8 bytes into one growing buffer (decision 086): a batch's
 * staging lines without a string built per value and joined, then flattened and encoded. ASCII,
 * what nearly every cell is, is written a character at a time; the rest through `TextEncoder`.
 * Optionally hashes what it writes (`sameRowHash`'s FNV-1a over the UTF-16 code units, so the
 * same values give the same hash as `sameRowHash` of their text).
 */
export class CopyLineBytes {
  private bytes: Uint8Array;
  private used = 0;
  private static readonly encoder = new TextEncoder();

  /** @param expectedBytes a first size (it grows by doubling) */
  constructor(expectedBytes = 64 * 1024) {
    this.bytes = new Uint8Array(Math.max(1024, expectedBytes));
  }

  /** Makes room for `more` bytes. */
  private room(more: number): void {
    if (this.used + more <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.used + more) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.used));
    this.bytes = grown;
  }

  /** Writes one ASCII byte (a tab, a line break, `t`/`f`). */
  byte(code: number): void {
    this.room(1);
    this.bytes[this.used] = code;
    this.used += 1;
  }

  /** Writes a non-negative safe integer's decimal digits (a line number, an upload id), no string made. */
  integer(value: number): void {
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
    this.room(digits);
    let rest = value;
    for (let at = this.used + digits - 1; at >= this.used; at -= 1) {
      this.bytes[at] = 0x30 + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.used += digits;
  }

  /** Writes text as it is (it holds nothing COPY escapes: the caller made sure). */
  text(value: string): void {
    this.room(value.length);
    const { bytes } = this;
    let at = this.used;
    for (let index = 0; index < value.length; index += 1) {
      const code = value.charCodeAt(index);
      if (code >= 0x80) {
        this.used = at;
        this.encodeRest(value, index);
        return;
      }
      bytes[at] = code;
      at += 1;
    }
    this.used = at;
  }

  /** `text`, and @returns `hash` (`sameRowHash`) of it, followed by its separator. */
  hashedText(value: string, hash: number): number {
    this.room(value.length);
    const { bytes } = this;
    let next = hash;
    let at = this.used;
    let index = 0;
    for (; index < value.length; index += 1) {
      const code = value.charCodeAt(index);
      next = hashCodeUnit(next, code);
      if (code >= 0x80) break;
      bytes[at] = code;
      at += 1;
    }
    this.used = at;
    if (index < value.length) {
      for (let rest = index + 1; rest < value.length; rest += 1) next = hashCodeUnit(next, value.charCodeAt(rest));
      this.encodeRest(value, index);
    }
    return hashValueEnd(next);
  }

  /** The text from `index` on, through the encoder (up to 3 bytes per UTF-16 code unit). */
  private encodeRest(value: string, index: number): void {
    const rest = value.slice(index);
    this.room(rest.length * 3);
    const { written } = CopyLineBytes.encoder.encodeInto(rest, this.bytes.subarray(this.used));
    this.used += written;
  }

  /** The bytes written (a view of the buffer; write nothing more after taking it). */
  written(): Uint8Array {
    return this.bytes.subarray(0, this.used);
  }
}
