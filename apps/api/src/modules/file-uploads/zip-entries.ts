import type { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { AppError } from '../../platform/errors/app-error.js';
import { type OpenFile, readAll } from '../../platform/files/file-store.js';
import { FILE_BUDGETS, xlsxDamaged, xlsxTooLarge } from './file-budgets.js';

/**
 * A zip archive (what an XLSX is) read by its central directory, with ranged reads of the stored
 * file (local folder or S3; decision 031): the parts are found by name and unpacked one at a time,
 * in the order the reader wants, each refused before a byte is unpacked when its stated size is
 * over its budget, and stopped at once when it unpacks to more than it stated (issue 34 item 3).
 * Nothing is unpacked to disk or kept whole in memory.
 */
export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipArchive {
  entries: ReadonlyMap<string, ZipEntry>;
  /**
   * A part's text (UTF-8), unpacked as it is read.
   * @param part what the part is, for the messages (`shared strings`)
   * @throws AppError 413 when the part states or unpacks to more than `maxBytes`; 422 when damaged
   */
  text(entry: ZipEntry, maxBytes: number, part: string): AsyncGenerator<string>;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const MAX_COMMENT = 0xffff;
const UINT32_MAX = 0xffffffff;

async function readRange(file: OpenFile, start: number, length: number): Promise<Buffer> {
  if (length <= 0) return Buffer.alloc(0);
  const bytes = await readAll(await file({ start, end: start + length - 1 }), length);
  if (bytes.length < length) throw xlsxDamaged('it ends early');
  return bytes;
}

function uint64(bytes: Buffer, at: number): number {
  const value = Number(bytes.readBigUInt64LE(at));
  if (!Number.isSafeInteger(value)) throw xlsxDamaged('a size is out of range');
  return value;
}

/** The directory's place and entry count, from the end-of-directory record (ZIP64 too). */
async function directoryOf(
  file: OpenFile,
  sizeBytes: number,
): Promise<{ count: number; size: number; offset: number }> {
  const tailStart = Math.max(0, sizeBytes - (22 + MAX_COMMENT));
  const tail = await readRange(file, tailStart, sizeBytes - tailStart);
  let at = tail.length - 22;
  while (at >= 0 && tail.readUInt32LE(at) !== END_OF_DIRECTORY) at -= 1;
  if (at < 0) throw xlsxDamaged('no zip directory');
  if (tail.readUInt16LE(at + 4) !== 0 || tail.readUInt16LE(at + 6) !== 0) throw xlsxDamaged('a split zip');
  let count = tail.readUInt16LE(at + 10);
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || size === UINT32_MAX || offset === UINT32_MAX) {
    if (at < 20 || tail.readUInt32LE(at - 20) !== ZIP64_LOCATOR) throw xlsxDamaged('no ZIP64 directory');
    const record = await readRange(file, uint64(tail, at - 20 + 8), 56);
    if (record.readUInt32LE(0) !== ZIP64_END_OF_DIRECTORY) throw xlsxDamaged('no ZIP64 directory');
    count = uint64(record, 32);
    size = uint64(record, 40);
    offset = uint64(record, 48);
  }
  return { count, size, offset };
}

/** The ZIP64 sizes and offset of an entry whose 32-bit fields are all ones. */
function withZip64(extra: Buffer, entry: ZipEntry): void {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length || field + 8 > extra.length) throw xlsxDamaged('a short ZIP64 field');
        const value = uint64(extra, field);
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === UINT32_MAX) entry.uncompressedSize = next();
      if (entry.compressedSize === UINT32_MAX) entry.compressedSize = next();
      if (entry.localHeaderOffset === UINT32_MAX) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + length;
  }
}

function parseDirectory(directory: Buffer, count: number): Map<string, ZipEntry> {
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== DIRECTORY_HEADER) {
      throw xlsxDamaged('a damaged zip directory');
    }
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > directory.length) throw xlsxDamaged('a damaged zip directory');
    const entry: ZipEntry = {
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      uncompressedSize: directory.readUInt32LE(at + 24),
      localHeaderOffset: directory.readUInt32LE(at + 42),
    };
    withZip64(directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), entry);
    if (!entries.has(entry.name)) entries.set(entry.name, entry);
    at = end;
  }
  return entries;
}

/**
 * Opens a stored zip archive by its central directory (at most `maxEntries` parts and
 * `maxDirectoryBytes` of directory).
 * @param sizeBytes the stored file's size
 * @throws AppError 413 over those budgets, 422 when it is not a readable zip
 */
export async function openZip(file: OpenFile, sizeBytes: number): Promise<ZipArchive> {
  const { count, size, offset } = await directoryOf(file, sizeBytes);
  if (count > FILE_BUDGETS.xlsx.maxEntries) throw xlsxTooLarge('parts', FILE_BUDGETS.xlsx.maxDirectoryBytes);
  if (size > FILE_BUDGETS.xlsx.maxDirectoryBytes) throw xlsxTooLarge('parts', FILE_BUDGETS.xlsx.maxDirectoryBytes);
  if (offset + size > sizeBytes) throw xlsxDamaged('the zip directory is out of the file');
  const entries = parseDirectory(await readRange(file, offset, size), count);

  async function* text(entry: ZipEntry, maxBytes: number, part: string): AsyncGenerator<string> {
    if (entry.flags & 0x1) throw xlsxDamaged('it is encrypted');
    if (entry.method !== 0 && entry.method !== 8) throw xlsxDamaged('a part is packed in an unknown way');
    // Refused before a byte is unpacked: the stated size is what it may unpack to (below).
    if (entry.uncompressedSize > maxBytes) throw xlsxTooLarge(part, maxBytes);
    if (entry.method === 0 && entry.compressedSize !== entry.uncompressedSize) throw xlsxDamaged('a stored part');
    const header = await readRange(file, entry.localHeaderOffset, 30);
    if (header.readUInt32LE(0) !== LOCAL_HEADER) throw xlsxDamaged('a part is not where the directory says');
    const dataStart = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (dataStart + entry.compressedSize > sizeBytes) throw xlsxDamaged('a part is out of the file');
    if (entry.compressedSize === 0) return;
    const packed = await file({ start: dataStart, end: dataStart + entry.compressedSize - 1 });
    const unpacked: Readable = entry.method === 8 ? packed.pipe(createInflateRaw()) : packed;
    packed.on('error', (error) => unpacked.destroy(error));
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let bytes = 0;
    try {
      for await (const chunk of unpacked as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > entry.uncompressedSize) throw xlsxDamaged(`${part} unpack to more than the zip states`);
        yield decoder.decode(chunk, { stream: true });
      }
      yield decoder.decode();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw xlsxDamaged(`${part} cannot be unpacked as UTF-8 text`);
    } finally {
      packed.destroy();
      unpacked.destroy();
    }
  }

  return { entries, text };
}
