import type { FastifyReply } from 'fastify';
import type { FileStoreConfig } from '../../config.js';
import { AppError } from '../errors/app-error.js';
import { attachmentHeader } from '../http/content-disposition.js';
import type { FileFolder, FileStore } from './file-store.js';
import { StoredFileMissingError } from './file-store.js';
import { createLocalFileStore } from './local-file-store.js';
import { createS3FileStore } from './s3-file-store.js';

/** The file store the configuration chooses (`FILE_STORE`; decision 031). */
export function createFileStore(config: FileStoreConfig, dataDir: string): FileStore {
  return config.kind === 's3' ? createS3FileStore(config.s3) : createLocalFileStore(dataDir);
}

/**
 * The origin signed download links point at (the bucket's), for the Content Security Policy's
 * `connect-src`: the back office fetches files with its token and follows the 302. Undefined
 * unless downloads redirect (`S3_DOWNLOAD_REDIRECT`).
 */
export function signedDownloadOrigin(config: FileStoreConfig): string | undefined {
  if (config.kind !== 's3' || !config.downloadRedirect) return undefined;
  const { bucket, region, endpoint, forcePathStyle } = config.s3;
  if (!endpoint) return `https://${bucket}.s3.${region}.amazonaws.com`;
  const url = new URL(endpoint);
  return forcePathStyle ? url.origin : `${url.protocol}//${bucket}.${url.host}`;
}

/** A stored file to download, as a service hands it to its route after the permission check (and audit). */
export interface StoredDownload {
  folder: FileFolder;
  storedName: string;
  /** The name the browser saves it as. */
  fileName: string;
  contentType: string;
  /** Sent as `Content-Length` when known. */
  sizeBytes?: number | null;
}

/**
 * Answers a download of a stored file (decision 031): streamed through the API, or, with the S3
 * store and `S3_DOWNLOAD_REDIRECT`, a 302 to a signed link of the bucket valid
 * `S3_SIGNED_URL_SECONDS`. Call only after the permission check: the link is the permission.
 * @throws AppError `not_found` (404) when the file is no longer in the store
 */
export async function sendStoredFile(
  reply: FastifyReply,
  store: FileStore,
  config: FileStoreConfig,
  download: StoredDownload,
): Promise<FastifyReply> {
  reply.header('cache-control', 'no-store');
  if (config.kind === 's3' && config.downloadRedirect) {
    const url = await store.signedDownloadUrl(download.folder, download.storedName, {
      fileName: download.fileName,
      contentType: download.contentType,
      expiresInSeconds: config.signedUrlSeconds,
    });
    if (url) return reply.redirect(url, 302);
  }
  let content: Awaited<ReturnType<FileStore['open']>>;
  try {
    content = await store.open(download.folder, download.storedName);
  } catch (error) {
    if (error instanceof StoredFileMissingError)
      throw new AppError('not_found', 'The file is no longer available.', undefined, { code: 'file_unavailable' });
    throw error;
  }
  reply.header('content-type', download.contentType).header('content-disposition', attachmentHeader(download.fileName));
  if (download.sizeBytes !== undefined && download.sizeBytes !== null) {
    reply.header('content-length', String(download.sizeBytes));
  }
  return reply.send(content);
}
