import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import {
  type FileStore,
  FileTooLargeError,
  readAll,
  StoredFileMissingError,
} from '../src/platform/files/file-store.js';
import { createLocalFileStore } from '../src/platform/files/local-file-store.js';
import { createS3FileStore } from '../src/platform/files/s3-file-store.js';
import { startS3Server, type TestS3Server } from './support/s3-server.js';

/** One store under test, with a way to list what it keeps in a folder (to see nothing is left behind). */
interface Subject {
  store: FileStore;
  stored(folder: string): Promise<string[]>;
  close(): Promise<void>;
}

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3?.close());

const subjects: Record<'local' | 's3', () => Subject> = {
  local: () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bcp-file-store-'));
    return {
      store: createLocalFileStore(dataDir),
      stored: async (folder) => readdir(join(dataDir, folder)).catch(() => []),
      async close() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
  s3: () => {
    const store = createS3FileStore(s3.store);
    const client = new S3Client({
      region: s3.store.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    return {
      store,
      stored: async (folder) => {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${folder}/` }));
        return (listed.Contents ?? []).map((object) => object.Key as string);
      },
      async close() {
        client.destroy();
        await store.close();
      },
    };
  },
};

/** `total` bytes of a repeating pattern, streamed in `chunk`-byte pieces (never one buffer of the whole). */
function patterned(total: number, chunk = 64 * 1024): { stream: Readable; sha256: string } {
  const hash = createHash('sha256');
  const pieces: Buffer[] = [];
  for (let at = 0; at < total; at += chunk) {
    const piece = Buffer.alloc(Math.min(chunk, total - at));
    for (let i = 0; i < piece.length; i += 1) piece[i] = (at + i) % 251;
    hash.update(piece);
    pieces.push(piece);
  }
  return { stream: Readable.from(pieces), sha256: hash.digest('hex') };
}

describe.each(['local', 's3'] as const)('the %s file store (decision 031)', (kind) => {
  let subject: Subject;
  let store: FileStore;
  beforeAll(() => {
    subject = subjects[kind]();
    store = subject.store;
  });
  afterAll(async () => subject.close());

  it('stores a stream under a new random name with its size and SHA-256, and gives it back', async () => {
    const content = Buffer.from('id_number,amount\n8001015009087,12.50\n');
    const stored = await store.put('file-uploads', Readable.from([content]), 1000);
    expect(stored.storedName).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.sizeBytes).toBe(content.length);
    expect(stored.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect((await readAll(await store.open('file-uploads', stored.storedName))).equals(content)).toBe(true);
    const again = await store.put('file-uploads', Readable.from([content]), 1000);
    expect(again.storedName).not.toBe(stored.storedName);
    expect(store.kind).toBe(kind);
  });

  it(
    'streams a file larger than several multipart parts and keeps it byte for byte',
    async () => {
      const size = 17 * 1024 * 1024 + 123;
      const { stream, sha256 } = patterned(size);
      const stored = await store.put('partner-files', stream, 20 * 1024 * 1024);
      expect(stored).toMatchObject({ sizeBytes: size, sha256 });
      const back = createHash('sha256');
      let length = 0;
      for await (const chunk of (await store.open('partner-files', stored.storedName)) as AsyncIterable<Buffer>) {
        back.update(chunk);
        length += chunk.length;
      }
      expect(length).toBe(size);
      expect(back.digest('hex')).toBe(sha256);
    },
    scaled(60_000),
  );

  it('reads a range (both ends inclusive), a range to the end, and an empty file', async () => {
    const stored = await store.put('claim-documents', Readable.from([Buffer.from('0123456789abcdef')]), 100);
    const range = async (start: number, end?: number) =>
      (await readAll(await store.open('claim-documents', stored.storedName, { start, end }))).toString();
    expect(await range(0, 3)).toBe('0123');
    expect(await range(10, 12)).toBe('abc');
    expect(await range(12)).toBe('cdef');
    expect(await range(0, 1000)).toBe('0123456789abcdef');
    const empty = await store.put('claim-documents', Readable.from([]), 100);
    expect(empty.sizeBytes).toBe(0);
    expect((await readAll(await store.open('claim-documents', empty.storedName))).length).toBe(0);
    // A range of an empty file: S3 answers 416 (read as no bytes); s3rver drops the connection instead.
    if (kind === 'local') {
      const head = await store.open('claim-documents', empty.storedName, { start: 0, end: 99 });
      expect((await readAll(head)).length).toBe(0);
    }
  });

  it('removes a file: reading it then fails as missing, and removing it again is fine', async () => {
    const stored = await store.put('identity-images', Readable.from([Buffer.from('image')]), 100);
    expect(await subject.stored('identity-images')).toHaveLength(1);
    await store.remove('identity-images', stored.storedName);
    await expect(store.open('identity-images', stored.storedName)).rejects.toBeInstanceOf(StoredFileMissingError);
    await store.remove('identity-images', stored.storedName);
    expect(await subject.stored('identity-images')).toEqual([]);
    await expect(store.open('identity-images', '00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(
      StoredFileMissingError,
    );
  });

  it(
    'refuses a stream past its size limit and keeps nothing, small or multipart',
    async () => {
      const before = (await subject.stored('file-uploads')).length;
      await expect(
        store.put('file-uploads', Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), 1000),
      ).rejects.toBeInstanceOf(FileTooLargeError);
      const { stream } = patterned(12 * 1024 * 1024);
      await expect(store.put('file-uploads', stream, 10 * 1024 * 1024)).rejects.toBeInstanceOf(FileTooLargeError);
      expect((await subject.stored('file-uploads')).length).toBe(before);
    },
    scaled(60_000),
  );

  it('passes on a failure of the stream it stores, keeping nothing', async () => {
    const before = (await subject.stored('file-uploads')).length;
    const failing = Readable.from(
      (async function* () {
        yield Buffer.alloc(1000);
        throw new Error('client went away');
      })(),
    );
    await expect(store.put('file-uploads', failing, 10_000)).rejects.toThrow('client went away');
    expect((await subject.stored('file-uploads')).length).toBe(before);
  });

  it('refuses a stored name that is not one it made (no path or key tricks)', async () => {
    for (const name of ['../app-secret', 'a/b', '']) {
      await expect(store.open('file-uploads', name)).rejects.toThrow('Not a stored file name');
      await expect(store.remove('file-uploads', name)).rejects.toThrow('Not a stored file name');
    }
  });
});

describe('signed download links (decision 031)', () => {
  it('the local store makes no signed links: downloads stream through the API', async () => {
    const { store, close } = subjects.local();
    const stored = await store.put('claim-documents', Readable.from([Buffer.from('%PDF-1.4')]), 100);
    expect(
      await store.signedDownloadUrl('claim-documents', stored.storedName, {
        fileName: 'a.pdf',
        contentType: 'application/pdf',
        expiresInSeconds: 300,
      }),
    ).toBeNull();
    await close();
  });

  it(
    'the S3 store makes a signed link (SigV4) that downloads the file with its name and type, and expires',
    async () => {
      const { store, close } = subjects.s3();
      const content = Buffer.from('%PDF-1.4 signed');
      const stored = await store.put('claim-documents', Readable.from([content]), 100);
      const options = { fileName: 'id "copy".pdf', contentType: 'application/pdf', expiresInSeconds: 300 };
      const url = (await store.signedDownloadUrl('claim-documents', stored.storedName, options)) as string;
      expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/claim-documents/${stored.storedName}?`)).toBe(true);
      const query = new URL(url).searchParams;
      expect(query.get('X-Amz-Expires')).toBe('300');
      expect(query.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
      expect(query.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      const fetched = await fetch(url);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-type')).toBe('application/pdf');
      expect(fetched.headers.get('content-disposition')).toBe('attachment; filename="id \\"copy\\".pdf"');
      expect(Buffer.from(await fetched.arrayBuffer()).equals(content)).toBe(true);

      // A short-lived link: 1 s on a quiet machine, longer on a busy one (the first fetch must come
      // before it expires: at load 30 it took over 1 s to get there); then past its expiry it is refused.
      const lifetimeSeconds = Math.ceil(scaled(1_000) / 1_000);
      const short = (await store.signedDownloadUrl('claim-documents', stored.storedName, {
        ...options,
        expiresInSeconds: lifetimeSeconds,
      })) as string;
      expect((await fetch(short)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, lifetimeSeconds * 1_000 + 1_100));
      expect((await fetch(short)).status).toBe(403);
      await close();
    },
    scaled(20_000),
  );

  it('a signed link changed in any part is refused by the bucket (403 SignatureDoesNotMatch): another file, a longer life, another name', async () => {
    const { store, close } = subjects.s3();
    const mine = await store.put('claim-documents', Readable.from([Buffer.from('%PDF-1.4 mine')]), 100);
    const theirs = await store.put('claim-documents', Readable.from([Buffer.from('%PDF-1.4 theirs')]), 100);
    const options = { fileName: 'mine.pdf', contentType: 'application/pdf', expiresInSeconds: 60 };
    const url = (await store.signedDownloadUrl('claim-documents', mine.storedName, options)) as string;
    expect((await fetch(url)).status).toBe(200);
    const changed = (change: (link: URL) => void) => {
      const link = new URL(url);
      change(link);
      return link.toString();
    };
    const tampered = [
      changed((link) => {
        link.pathname = link.pathname.replace(mine.storedName, theirs.storedName);
      }),
      changed((link) => link.searchParams.set('X-Amz-Expires', '604800')),
      changed((link) => link.searchParams.set('response-content-disposition', 'inline; filename="x.html"')),
      changed((link) => link.searchParams.set('response-content-type', 'text/html')),
      changed((link) => link.searchParams.set('X-Amz-Signature', '0'.repeat(64))),
    ];
    for (const link of tampered) {
      const answer = await fetch(link);
      expect(answer.status, link).toBe(403);
      expect(await answer.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    }
    await close();
  });
});
