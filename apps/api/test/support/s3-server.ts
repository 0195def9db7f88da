import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';
import type { S3StoreConfig } from '../../src/config.js';
import { startVerifyingProxy } from './sigv4-verifying-proxy.js';

/** A local S3-compatible server (s3rver) with one bucket, for the S3 file store's tests. */
export interface TestS3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  /** s3rver's own endpoint, behind the proxy that checks presigned links' signatures. */
  s3rverEndpoint: string;
  bucket: string;
  /** Where s3rver keeps the bucket's objects. */
  directory: string;
  /** The S3 store's configuration for this server. */
  store: S3StoreConfig;
  /** The environment that makes a test app use this server (`FILE_STORE=s3`, `S3_*`). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver's built-in credentials (the proxy checks presigned links' SigV4 signatures with the secret). */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

/** The parts of s3rver's `FilesystemStore` (its `store`, untyped) that `storeBeforeAnswering` replaces and uses. */
interface S3rverObject {
  bucket: string;
  key: string;
  content: Readable | Buffer;
  metadata: Record<string, string>;
}
interface S3rverStore {
  putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  getResourcePath(bucket: string, key: string, resource: string): string;
}

/**
 * Makes s3rver answer a `PutObject` (and a multipart upload's completion) only once the object's
 * file is written, as S3 does (strong read-after-write consistency). s3rver 3.7's
 * `FilesystemStore.putObject` resolves when its input has been read (at once for a buffer), before
 * its write stream has finished: a read straight after the write, such as the upload route's
 * check of a document's first bytes, could find no file (a 404, answered as 500 by the route) or a
 * short one. Same files, names and metadata as s3rver's own.
 */
function storeBeforeAnswering(server: S3rver): void {
  const store = (server as unknown as { store: S3rverStore }).store;
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(objectPath), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    await pipeline(source, counted, createWriteStream(objectPath));
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}

/**
 * Starts s3rver on a free port of 127.0.0.1 (the OS picks it), keeping its objects in a new temp
 * folder, with bucket `bucket`, behind a proxy that checks presigned links' SigV4 signatures as
 * S3 does (s3rver does not; `sigv4-verifying-proxy.ts`): `endpoint` is the proxy's. `close()`
 * stops both and removes the folder.
 */
export async function startS3Server(bucket = 'bcp-test-files'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'bcp-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  storeBeforeAnswering(server);
  const address = await server.run();
  const s3rverEndpoint = `http://127.0.0.1:${address.port}`;
  const proxy = await startVerifyingProxy(s3rverEndpoint, SECRET_ACCESS_KEY);
  const { endpoint } = proxy;
  return {
    endpoint,
    s3rverEndpoint,
    bucket,
    directory,
    store: {
      bucket,
      region: 'us-east-1',
      endpoint,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
    },
    env: {
      FILE_STORE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await proxy.close();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
