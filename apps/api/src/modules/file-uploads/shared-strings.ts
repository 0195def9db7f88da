/**
 * An XLSX file's shared strings kept compactly (issue 34 item 3): their UTF-8 bytes in 1 MB blocks
 * and two numbers per string, about 8 bytes besides the text where an array of JS strings costs
 * 30 to 50 (5 million short strings: some 50 MB rather than 250). A cell's text is decoded when
 * it is read.
 */
const BLOCK_BYTES = 1024 * 1024;

export class SharedStrings {
  private readonly blocks: Buffer[] = [];
  private used = 0;
  /** Per string: where it starts (block × 1 MB + offset) and its length in bytes. */
  private places = new Float64Array(1024);
  private lengths = new Uint32Array(1024);
  private size = 0;
  private bytes = 0;

  /** How many strings are kept. */
  get count(): number {
    return this.size;
  }

  /** UTF-8 bytes of all strings kept. */
  get totalBytes(): number {
    return this.bytes;
  }

  /** Keeps the next string (index `count`). */
  add(text: string): void {
    const length = Buffer.byteLength(text, 'utf8');
    if (this.blocks.length === 0 || this.used + length > BLOCK_BYTES) {
      this.blocks.push(Buffer.allocUnsafe(Math.max(BLOCK_BYTES, length)));
      this.used = 0;
    }
    const block = this.blocks.length - 1;
    (this.blocks[block] as Buffer).write(text, this.used, 'utf8');
    if (this.size === this.places.length) {
      const places = new Float64Array(this.size * 2);
      places.set(this.places);
      this.places = places;
      const lengths = new Uint32Array(this.size * 2);
      lengths.set(this.lengths);
      this.lengths = lengths;
    }
    this.places[this.size] = block * BLOCK_BYTES + this.used;
    this.lengths[this.size] = length;
    this.size += 1;
    this.used += length;
    this.bytes += length;
  }

  /** The string at `index`, or '' for an index out of range. */
  get(index: number): string {
    if (!(index >= 0 && index < this.size)) return '';
    const place = this.places[index] as number;
    const block = Math.floor(place / BLOCK_BYTES);
    const start = place - block * BLOCK_BYTES;
    return (this.blocks[block] as Buffer).toString('utf8', start, start + (this.lengths[index] as number));
  }
}
