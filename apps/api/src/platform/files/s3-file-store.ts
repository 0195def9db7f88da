import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3StoreConfig } from '../../config.js';
import { attachmentHeader } from '../http/content-disposition.js';
import {
  assertStoredName,
  type ByteRange,
  type FileFolder,
  type FileStore,
  meterStream,
  newStoredName,
  type SignedDownloadOptions,
  type StoredFile,
  StoredFileMissingError,
} from './file-store.js';

/** Multipart part size (bytes): S3's minimum is 5 MiB; two parts in flight bound an upload's memory. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

interface Sdk {
  client: S3Client;
  s3: typeof import('@aws-sdk/client-s3');
  storage: typeof import('@aws-sdk/lib-storage');
  presigner: typeof import('@aws-sdk/s3-request-presigner');
}

function httpStatusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

/**
 * The private file store in an S3-compatible bucket (decision 031): key `<folder>/<storedName>`.
 * Uploads are streamed as multipart uploads (`@aws-sdk/lib-storage`, 8 MiB parts, two in flight),
 * counted and hashed on the way; reads are streamed `GetObject`s, with a `Range` when asked.
 * Checksums are computed and validated only when S3 requires them: otherwise a streamed upload is
 * sent with aws-chunked framing, which S3-compatible servers store as the content.
 * The AWS SDK loads at the first call, not at the server's start (decision 025: heavy modules load
 * lazily so an idle server stays small).
 */
export function createS3FileStore(config: S3StoreConfig): FileStore {
  let loading: Promise<Sdk> | undefined;
  const sdk = () => {
    loading ??= (async () => {
      const [s3, storage, presigner] = await Promise.all([
        import('@aws-sdk/client-s3'),
        import('@aws-sdk/lib-storage'),
        import('@aws-sdk/s3-request-presigner'),
      ]);
      const client = new s3.S3Client({
        region: config.region,
        forcePathStyle: config.forcePathStyle,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        ...(config.accessKeyId && config.secretAccessKey
          ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
          : {}),
      });
      return { client, s3, storage, presigner };
    })();
    return loading;
  };
  const keyOf = (folder: FileFolder, storedName: string) => {
    assertStoredName(storedName);
    return `${folder}/${storedName}`;
  };

  return {
    kind: 's3',
    async put(folder: FileFolder, content: Readable, maxBytes: number): Promise<StoredFile> {
      const { client, s3, storage } = await sdk();
      const storedName = newStoredName();
      const key = keyOf(folder, storedName);
      const { meter, result } = meterStream(maxBytes);
      const body = new PassThrough();
      const upload = new storage.Upload({
        client,
        params: { Bucket: config.bucket, Key: key, Body: body },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
      });
      const [reading, uploading] = await Promise.allSettled([pipeline(content, meter, body), upload.done()]);
      const failure =
        reading.status === 'rejected' ? reading.reason : uploading.status === 'rejected' ? uploading.reason : undefined;
      if (failure !== undefined) {
        // A multipart upload is aborted by lib-storage; a single-part one may have landed.
        await client.send(new s3.DeleteObjectCommand({ Bucket: config.bucket, Key: key })).catch(() => {});
        throw failure;
      }
      return { storedName, ...result() };
    },
    async open(folder: FileFolder, storedName: string, range?: ByteRange): Promise<Readable> {
      const { client, s3 } = await sdk();
      const key = keyOf(folder, storedName);
      try {
        const answer = await client.send(
          new s3.GetObjectCommand({
            Bucket: config.bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
          }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey' || httpStatusOf(error) === 404) {
          throw new StoredFileMissingError(`no stored file ${key}`);
        }
        // A range past the end (an empty file's first bytes): no bytes, as a file read there gives.
        if (range && httpStatusOf(error) === 416) return Readable.from([]);
        throw error;
      }
    },
    async remove(folder: FileFolder, storedName: string): Promise<void> {
      const { client, s3 } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(folder, storedName) }));
    },
    async signedDownloadUrl(folder: FileFolder, storedName: string, options: SignedDownloadOptions): Promise<string> {
      const { client, s3, presigner } = await sdk();
      const command = new s3.GetObjectCommand({
        Bucket: config.bucket,
        Key: keyOf(folder, storedName),
        ResponseContentType: options.contentType,
        ResponseContentDisposition: attachmentHeader(options.fileName),
        ResponseCacheControl: 'no-store',
      });
      return presigner.getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
    },
    async close(): Promise<void> {
      if (loading) (await loading).client.destroy();
    },
  };
}
