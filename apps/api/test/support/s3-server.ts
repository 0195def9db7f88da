import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
