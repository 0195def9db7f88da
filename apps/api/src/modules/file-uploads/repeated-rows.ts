import { randomInt } from 'node:crypto';

/** A hash's bits mixed (MurmurHash3's finaliser), so that its low bits alone place it well. */
function spread(hash: number): number {
  let mixed = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  mixed = Math.imul(mixed ^ (mixed >>> 13), 0xc2b2ae35);
  return mixed ^ (mixed >>> 16);
}

/**
 * The rows of a file that may repeat an earlier one (issue 16 rule 4, "the same row is in the file
 * already"), found while the file is copied into staging (decision 084): each staged row's values
 * give a 32-bit hash (`sameRowHash`, in the thread that checks the row), and a row whose hash an
 * earlier row had is a suspect, with that earlier row. Equal values give equal hashes, so every
 * repeated row and the row it repeats are suspects; rows merely sharing a hash are told apart by
 * the set-based check, which compares the suspects' values (`checkStagedRows`). A few hundred
 * rows of a million share a hash by chance.
 *
 * Kept in two typed arrays (open addressing, grown at half full, places keyed at random): 8 bytes
 * a slot, 16 MB for a million rows, where a `Map` of a million numbers holds several times that.
 */
export class RepeatedRows {
  /** A random key mixed into every hash's place: a file cannot be made to fill one run of slots. */
  private readonly key = randomInt(0x7fffffff);
  private hashes: Int32Array;
  private lines: Int32Array;
  private used = 0;
  private suspects: number[] = [];

  /** @param expectedRows rows the file is thought to hold (the table starts at twice that) */
  constructor(expectedRows = 0) {
    let size = 1024;
    while (size < expectedRows * 2) size *= 2;
    this.hashes = new Int32Array(size);
    this.lines = new Int32Array(size);
  }

  /** Adds a batch's rows: `hashes[i]` is the hash of the row at line `firstLine + i`. */
  add(hashes: Int32Array, firstLine: number): void {
    for (let at = 0; at < hashes.length; at += 1) this.addRow(hashes[at] as number, firstLine + at);
  }

  /** The lines (in no order) that share their hash with another line of the file. */
  suspectLines(): number[] {
    return this.suspects;
  }

  private addRow(hash: number, line: number): void {
    if ((this.used + 1) * 2 > this.hashes.length) this.grow();
    const mask = this.hashes.length - 1;
    for (let slot = spread(hash ^ this.key) & mask; ; slot = (slot + 1) & mask) {
      const known = this.lines[slot] as number;
      if (known === 0) {
        this.hashes[slot] = hash;
        this.lines[slot] = line;
        this.used += 1;
        return;
      }
      if (this.hashes[slot] === hash) {
        // The first row with this hash is a suspect once (its line kept negative from then on).
        if (known > 0) {
          this.suspects.push(known);
          this.lines[slot] = -known;
        }
        this.suspects.push(line);
        return;
      }
    }
  }

  private grow(): void {
    const { hashes, lines } = this;
    this.hashes = new Int32Array(hashes.length * 2);
    this.lines = new Int32Array(lines.length * 2);
    const mask = this.hashes.length - 1;
    for (let at = 0; at < hashes.length; at += 1) {
      const line = lines[at] as number;
      if (line === 0) continue;
      let slot = spread((hashes[at] as number) ^ this.key) & mask;
      while (this.lines[slot] !== 0) slot = (slot + 1) & mask;
      this.hashes[slot] = hashes[at] as number;
      this.lines[slot] = line;
    }
  }
}

/** One UTF-16 code unit added to a row's running hash (FNV-1a's step). */
export const hashCodeUnit = (hash: number, code: number): number => Math.imul(hash ^ code, 0x01000193);

/** A value's end added to a row's running hash (a separator, so `ab`,`c` and `a`,`bc` differ). */
export const hashValueEnd = (hash: number): number => hashCodeUnit(hash, 0x1f);

/**
 * Adds a value's text to a row's running 32-bit hash (FNV-1a over UTF-16 code units, then a
 * separator: `hashCodeUnit`, `hashValueEnd`). Start from `SAME_ROW_HASH_SEED`.
 */
export function sameRowHash(hash: number, text: string): number {
  let next = hash;
  for (let at = 0; at < text.length; at += 1) next = hashCodeUnit(next, text.charCodeAt(at));
  return hashValueEnd(next);
}

/** FNV-1a's offset basis: the hash of a row before its first value. */
export const SAME_ROW_HASH_SEED = 0x811c9dc5 | 0;
