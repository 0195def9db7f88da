import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStoredName,
  type ByteRange,
  type FileFolder,
  type FileStore,
  meterStream,
  newStoredName,
  type StoredFile,
  StoredFileMissingError,
} from './file-store.js';

/**
 * The private file store in a folder on local disk (the default, `FILE_STORE=local`; decision
 * 031): `<dataDir>/<folder>/<storedName>`, folders mode 700 and files mode 600. One machine only:
 * several API processes need the S3 store. It makes no signed links (downloads stream through the
 * API).
 */
export function createLocalFileStore(dataDir: string): FileStore {
  const pathOf = (folder: FileFolder, storedName: string) => {
    assertStoredName(storedName);
    return join(dataDir, folder, storedName);
  };
  return {
    kind: 'local',
    async put(folder: FileFolder, content: Readable, maxBytes: number): Promise<StoredFile> {
      await mkdir(join(dataDir, folder), { recursive: true, mode: 0o700 });
      const storedName = newStoredName();
      const path = pathOf(folder, storedName);
      const { meter, result } = meterStream(maxBytes);
      try {
        await pipeline(content, meter, createWriteStream(path, { mode: 0o600 }));
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      return { storedName, ...result() };
    },
    async open(folder: FileFolder, storedName: string, range?: ByteRange): Promise<Readable> {
      const handle = await open(pathOf(folder, storedName), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw new StoredFileMissingError(`no stored file ${folder}/${storedName}`);
        throw error;
      });
      return handle.createReadStream({
        ...(range ? { start: range.start } : {}),
        ...(range?.end !== undefined ? { end: range.end } : {}),
      });
    },
    async remove(folder: FileFolder, storedName: string): Promise<void> {
      await rm(pathOf(folder, storedName), { force: true });
    },
    async signedDownloadUrl(): Promise<null> {
      return null;
    },
    async close(): Promise<void> {},
  };
}
