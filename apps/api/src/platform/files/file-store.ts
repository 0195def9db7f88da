import { createHash, randomUUID } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';

/**
 * The private file store (decision 031): files people upload (claim documents, member data
 * uploads, identity images) and files the server makes (partner files), kept under generated names
 * in a folder per kind and never served from a public path. Two implementations, chosen by
 * configuration (`FILE_STORE`): a folder on local disk (`local-file-store.ts`, the default) and an
 * S3-compatible bucket (`s3-file-store.ts`), so several API processes can share the files.
 */
export interface StoredFile {
  /** Random name (UUID), the only thing the database keeps about where the file is. */
  storedName: string;
  sizeBytes: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
}

/** The folders of the store, one per kind of file. */
export type FileFolder = 'claim-documents' | 'file-uploads' | 'identity-images' | 'partner-files';

/** Bytes `start` to `end` of a file, both inclusive (as HTTP's `Range`); no `end`: to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

/** How a signed download link answers: the file's name for `Content-Disposition`, its type, and for how long (seconds). */
export interface SignedDownloadOptions {
  fileName: string;
  contentType: string;
  expiresInSeconds: number;
}

/** Thrown when the stream carried more than `maxBytes`; nothing is left in the store. */
export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
}

/** Thrown by `open`/`read` when no file has that name (never stored, or removed). */
export class StoredFileMissingError extends Error {
  override name = 'StoredFileMissingError';
}

/** Opens a stored file's bytes (all, or a range) as a stream. */
export type OpenFile = (range?: ByteRange) => Promise<Readable>;

/** The one interface every module stores and reads private files through. */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /**
   * Stores a stream under a new random name, counting and hashing it on the way (streamed: never
   * the whole file in memory).
   * @throws FileTooLargeError past `maxBytes` (nothing is kept)
   */
  put(folder: FileFolder, content: Readable, maxBytes: number): Promise<StoredFile>;
  /**
   * A stored file's bytes as a stream, all or `range`.
   * @throws StoredFileMissingError when there is no such file
   */
  open(folder: FileFolder, storedName: string, range?: ByteRange): Promise<Readable>;
  /** Removes a stored file (missing is fine). */
  remove(folder: FileFolder, storedName: string): Promise<void>;
  /**
   * A link that downloads the file without our server for `expiresInSeconds`, or null when the
   * store cannot make one (the local folder). Call only after the permission check.
   */
  signedDownloadUrl(folder: FileFolder, storedName: string, options: SignedDownloadOptions): Promise<string | null>;
  /** Releases connections (the server's close). */
  close(): Promise<void>;
}

/** Generated stored names are UUIDs; anything else is refused before it reaches a path or key. */
export function assertStoredName(storedName: string): void {
  if (!/^[0-9a-f-]{36}$/.test(storedName)) throw new Error('Not a stored file name');
}

/** A new random stored name. */
export function newStoredName(): string {
  return randomUUID();
}

/**
 * A pass-through that counts and hashes what flows through it, failing with `FileTooLargeError`
 * past `maxBytes`; `result()` gives the size and SHA-256 once the stream ended.
 */
export function meterStream(maxBytes: number): {
  meter: Transform;
  result: () => { sizeBytes: number; sha256: string };
} {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sizeBytes += chunk.length;
      if (sizeBytes > maxBytes) return callback(new FileTooLargeError(`more than ${maxBytes} bytes`));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return { meter, result: () => ({ sizeBytes, sha256: hash.digest('hex') }) };
}

/** An `OpenFile` for one stored file (what the upload readers take). */
export function fileOpener(store: FileStore, folder: FileFolder, storedName: string): OpenFile {
  return (range) => store.open(folder, storedName, range);
}

/**
 * The whole content of a stream (or its first `maxBytes`, then the stream is closed): for small
 * files read in full (identity images) and for a file's first bytes (type and size sniffing).
 */
export async function readAll(stream: Readable, maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= maxBytes) break;
  }
  stream.destroy();
  const all = Buffer.concat(chunks);
  return length > maxBytes ? all.subarray(0, maxBytes) : all;
}
