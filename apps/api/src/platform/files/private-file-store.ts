import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Files people upload, kept under `DATA_DIR/<folder>/` with generated names and never served from a
 * public path (issue 4 "Documents"). Object storage can replace this module when the API runs on
 * several machines.
 */
export interface StoredFile {
  /** Random name (UUID), the only thing the database keeps about where the file is. */
  storedName: string;
  sizeBytes: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
}

/** Thrown when the stream carried more than `maxBytes`; nothing is left on disk. */
export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
}

/**
 * Writes a stream to a new file under `<dataDir>/<folder>`, counting and hashing it on the way.
 * @throws FileTooLargeError past `maxBytes` (the partial file is removed)
 */
export async function storePrivateFile(
  dataDir: string,
  folder: string,
  content: Readable,
  maxBytes: number,
): Promise<StoredFile> {
  const directory = join(dataDir, folder);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const storedName = randomUUID();
  const path = join(directory, storedName);
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
  try {
    await pipeline(content, meter, createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return { storedName, sizeBytes, sha256: hash.digest('hex') };
}

/** Where a stored file is on disk (for the server's own reads, never a URL). */
export function privateFilePath(dataDir: string, folder: string, storedName: string): string {
  if (!/^[0-9a-f-]{36}$/.test(storedName)) throw new Error('Not a stored file name');
  return join(dataDir, folder, storedName);
}

/** Removes a stored file (missing is fine). */
export async function removePrivateFile(dataDir: string, folder: string, storedName: string): Promise<void> {
  await rm(privateFilePath(dataDir, folder, storedName), { force: true });
}
