import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify as verifySignature,
} from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

/**
 * A web push service on 127.0.0.1 that speaks the real protocol (RFC 8030 push, RFC 8292 VAPID,
 * RFC 8291 message encryption), for tests: it checks each request's VAPID authorization and
 * decrypts the payload with the subscription's private key, as a browser's push service and the
 * browser would. HTTPS with a self-signed certificate (`caFile`: give it to the server as
 * `WEB_PUSH_CA_FILE`).
 */
export interface PushService {
  /** `https://127.0.0.1:<port>` (the VAPID `aud`). */
  origin: string;
  /** PEM of the service's self-signed certificate. */
  caFile: string;
  /** A new subscription as a browser would make it (its own P-256 key pair and auth secret). */
  subscribe(): Subscription;
  /** Every push received, in order, with its verification result. */
  received: ReceivedPush[];
  /** Statuses to answer the next pushes with, in order (then 201). E.g. `[500]` fails once. */
  failNext(...statuses: number[]): void;
  close(): Promise<void>;
}

export interface Subscription {
  /** `PushSubscription.toJSON()` as JSON: the WEB device token. */
  token: string;
  endpoint: string;
}

export interface ReceivedPush {
  endpoint: string;
  status: number;
  /** The decrypted payload (JSON parsed), or undefined when the request was refused. */
  payload?: unknown;
  /** Why the request was refused (bad VAPID, cannot decrypt), or undefined. */
  error?: string;
  headers: Record<string, string | string[] | undefined>;
  vapid?: { aud: string; exp: number; sub: string; publicKey: string };
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** Verifies `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): ES256 over the JWT with k. */
export function verifyVapid(header: string | undefined, origin: string, now = Date.now()) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no vapid authorization');
  const [, jwt = '', k = ''] = match;
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString());
  if (header64.alg !== 'ES256' || header64.typ !== 'JWT') throw new Error('JWT is not ES256');
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const valid = verifySignature(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('bad JWT signature');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const seconds = Math.floor(now / 1000);
  if (!(claims.exp > seconds && claims.exp <= seconds + 24 * 3600)) throw new Error('exp out of range');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error('sub is not mailto: or https:');
  return { ...claims, publicKey: k };
}

/**
 * Decrypts an `aes128gcm` push message body (RFC 8291 section 3.4 and RFC 8188) with the user
 * agent's ECDH key pair and auth secret.
 */
export function decryptAes128gcm(body: Buffer, ua: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + keyIdLength);
  const ciphertext = body.subarray(21 + keyIdLength);
  const ecdhSecret = ua.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.ecdh.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, ua.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const plain: Buffer[] = [];
  for (let offset = 0, index = 0; offset < ciphertext.length; offset += recordSize, index += 1) {
    const record = ciphertext.subarray(offset, Math.min(offset + recordSize, ciphertext.length));
    const iv = Buffer.from(nonce);
    // The record sequence number is XORed into the nonce's low bytes (RFC 8188 section 2.3).
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ index) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, iv);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 1 && padded[end] !== 2) throw new Error('bad record delimiter');
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}

/** Starts the push service on a free port of 127.0.0.1. */
export async function startPushService(): Promise<PushService> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const folder = mkdtempSync(join(tmpdir(), 'bcp-push-'));
  const caFile = join(folder, 'push-service.pem');
  writeFileSync(caFile, pems.cert);
  const subscriptions = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const planned: number[] = [];
  let origin = '';

  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const endpoint = `${origin}${request.url}`;
      const entry: ReceivedPush = { endpoint, status: 201, headers: request.headers };
      try {
        const keys = subscriptions.get(endpoint);
        if (!keys) throw Object.assign(new Error('no such subscription'), { status: 410 });
        entry.vapid = verifyVapid(request.headers.authorization, origin);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!request.headers.ttl) throw new Error('no TTL header');
        entry.payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), keys).toString('utf8'));
        entry.status = planned.shift() ?? 201;
      } catch (error) {
        entry.error = (error as Error).message;
        entry.status = (error as { status?: number }).status ?? 400;
      }
      received.push(entry);
      response.writeHead(entry.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    origin,
    caFile,
    received,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(8).toString('hex')}`;
      subscriptions.set(endpoint, { ecdh, auth });
      const token = JSON.stringify({
        endpoint,
        expirationTime: null,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
      });
      return { token, endpoint };
    },
    failNext(...statuses) {
      planned.push(...statuses);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
