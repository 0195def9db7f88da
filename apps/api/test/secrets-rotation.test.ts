import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { applyMigrations } from '../src/db/migrate.js';
import { personBankAccounts } from '../src/db/schema/person-bank-accounts.js';
import { partnerWebhookEndpoints } from '../src/db/schema/webhooks.js';
import { WEBHOOK_QUEUE } from '../src/modules/webhooks/index.js';
import { rotateStoredSecrets } from '../src/operations/rotate-secrets.js';
import {
  createFieldKeyring,
  decryptField,
  encryptField,
  FieldDecryptionError,
} from '../src/platform/crypto/field-encryption.js';
import { call } from './support/accounts.js';
import { addBankAccount, type ClaimingMember, claimingMember, uniqueAccountNumber } from './support/claims.js';
import { administratorOf } from './support/partners.js';
import { testConfig } from './support/test-app.js';
import { createTestDatabase, migratedDataDir, type TestDatabase } from './support/test-database.js';
import { type ReceivedRequest, startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/*
 * Rotation of the key that encrypts secrets at rest (issue 37 item 5, decision 055): values written
 * under the APP_SECRET-derived key (`v1`) and an old configured key are re-encrypted under a new
 * one by the command's function, then read back through the product with the old key kept
 * read-only, and again with it dropped.
 */

const APP_SECRET = 'rotation-app-secret-0123456789-abcdefghijkl';
const OLD_KEY = randomBytes(32).toString('base64');
const NEW_KEY = randomBytes(32).toString('base64');

let database: TestDatabase;
let dataDir: string;
let receiver: WebhookReceiver;
let receiverUrl: string;
const received: ReceivedRequest[] = [];
let running: FastifyInstance | undefined;

/** The real server on the shared database with FIELD_ENCRYPTION_KEYS `keys` (unset when undefined). */
async function startApp(keys: string | undefined): Promise<FastifyInstance> {
  await running?.close();
  const config = testConfig(dataDir, {
    APP_SECRET,
    WEBHOOK_ALLOW_HTTP: 'true',
    JOB_POLL_INTERVAL_SECONDS: '0.5',
    ...(keys === undefined ? {} : { FIELD_ENCRYPTION_KEYS: keys }),
  });
  const logStream = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  running = await buildApp({ config, database: database.handle, logStream });
  await running.ready();
  return running;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver(received);
  receiverUrl = receiver.url;
  dataDir = mkdtempSync(join(tmpdir(), 'bcp-rotation-'));
  database = await createTestDatabase();
});

afterAll(async () => {
  await running?.close();
  await database?.destroy();
  await receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The owner's edit form: the only answer with the full account number. */
async function accountNumberRead(app: FastifyInstance, member: ClaimingMember, accountId: number): Promise<string> {
  const response = await call(app, 'GET', `/api/app/benefit-claims/person-banks/${accountId}`, { token: member.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().accountNumber;
}

/** Sends the endpoint's test event and answers what the receiver got for it. */
async function testDelivery(app: FastifyInstance, key: string, endpointId: number): Promise<ReceivedRequest> {
  const before = received.length;
  const test = await app.inject({
    method: 'POST',
    url: `/api/v2/webhooks/${endpointId}/test`,
    headers: { authorization: `Bearer ${key}` },
  });
  expect(test.statusCode, test.body).toBe(202);
  await app.jobs.idle([WEBHOOK_QUEUE]);
  const request = received[before];
  if (!request) throw new Error('the receiver got nothing');
  return request;
}

/** Verifies a received request with the standardwebhooks library; throws when the signature is wrong. */
function verify(secret: string, request: ReceivedRequest): unknown {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  });
}

/** Every encrypted value stored: account numbers and endpoint secrets (current and previous). */
async function storedValues(app: FastifyInstance): Promise<string[]> {
  const accounts = await app.db.select().from(personBankAccounts);
  const endpoints = await app.db.select().from(partnerWebhookEndpoints);
  return [
    ...accounts.map((row) => row.accountNumberEncrypted),
    ...endpoints.flatMap((row) => [
      row.secretEncrypted,
      ...(row.previousSecretEncrypted ? [row.previousSecretEncrypted] : []),
    ]),
  ];
}

describe('issue 37 item 5: rotating the key of secrets at rest', () => {
  it('re-encrypts bank accounts and webhook secrets under the new key; they read back with the old key kept, then dropped', async () => {
    // An existing install: no FIELD_ENCRYPTION_KEYS, values written in the v1 form.
    let app = await startApp(undefined);
    const member = await claimingMember(app);
    const legacyNumber = uniqueAccountNumber();
    const legacyAccountId = await addBankAccount(app, member, legacyNumber);
    expect(await storedValues(app)).toEqual([expect.stringMatching(/^v1\./)]);

    // A first configured key: new values are v2.old; the v1 value still reads.
    app = await startApp(`old:${OLD_KEY}`);
    const number = uniqueAccountNumber();
    const accountId = await addBankAccount(app, member, number);
    const partner = await administratorOf(app, member.fundId);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v2/webhooks',
      headers: { authorization: `Bearer ${partner.key}` },
      payload: { url: `${receiverUrl}/hook`, events: ['claim.submitted'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint: { id: number; secret: string } = created.json();
    // A secret rotation with an overlap: the previous secret is stored encrypted too.
    const rotated = await app.inject({
      method: 'POST',
      url: `/api/v2/webhooks/${endpoint.id}/rotate`,
      headers: { authorization: `Bearer ${partner.key}` },
      payload: { overlapHours: 1 },
    });
    expect(rotated.statusCode, rotated.body).toBe(201);
    const secret: string = rotated.json().secret;
    const stored = await storedValues(app);
    expect(stored).toHaveLength(4);
    expect(stored.filter((value) => value.startsWith('v2.old.'))).toHaveLength(3);
    expect(await accountNumberRead(app, member, legacyAccountId)).toBe(legacyNumber);
    await running?.close();
    running = undefined;

    // The rotation: new key first, the old one kept read-only.
    const keyring = createFieldKeyring(
      APP_SECRET,
      loadConfig({ APP_SECRET, FIELD_ENCRYPTION_KEYS: `new:${NEW_KEY},old:${OLD_KEY}` }).fieldEncryptionKeys,
    );
    const report = await rotateStoredSecrets(database.handle.db, keyring);
    expect(report).toEqual({
      personBankAccounts: { examined: 2, reencrypted: 2 },
      webhookEndpoints: { examined: 1, reencrypted: 1 },
    });
    // Running it again changes nothing.
    expect(await rotateStoredSecrets(database.handle.db, keyring)).toEqual({
      personBankAccounts: { examined: 2, reencrypted: 0 },
      webhookEndpoints: { examined: 1, reencrypted: 0 },
    });

    app = await startApp(`new:${NEW_KEY},old:${OLD_KEY}`);
    const rewritten = await storedValues(app);
    expect(rewritten).toHaveLength(4);
    for (const value of rewritten) expect(value).toMatch(/^v2\.new\./);
    expect(await accountNumberRead(app, member, legacyAccountId)).toBe(legacyNumber);
    expect(await accountNumberRead(app, member, accountId)).toBe(number);
    const during = await testDelivery(app, partner.key, endpoint.id);
    expect(verify(secret, during)).toMatchObject({ type: 'webhook.test' });
    expect(verify(endpoint.secret, during)).toMatchObject({ type: 'webhook.test' });

    // The old key dropped: everything still reads and signs.
    app = await startApp(`new:${NEW_KEY}`);
    expect(await accountNumberRead(app, member, legacyAccountId)).toBe(legacyNumber);
    expect(await accountNumberRead(app, member, accountId)).toBe(number);
    const after = await testDelivery(app, partner.key, endpoint.id);
    expect(verify(secret, after)).toMatchObject({ type: 'webhook.test' });
    expect(verify(endpoint.secret, after)).toMatchObject({ type: 'webhook.test' });
    // New values are written under the new key.
    await addBankAccount(app, member);
    for (const value of await storedValues(app)) expect(value).toMatch(/^v2\.new\./);
  });

  it('a value under a key that is not configured fails clearly, and so does a rotation meeting one', async () => {
    const old = createFieldKeyring(APP_SECRET, [{ kid: 'old', key: Buffer.from(OLD_KEY, 'base64') }]);
    const stored = encryptField(old, '62012345678');
    expect(stored).toMatch(/^v2\.old\./);
    const withoutOld = createFieldKeyring(APP_SECRET, [{ kid: 'new', key: Buffer.from(NEW_KEY, 'base64') }]);
    expect(() => decryptField(withoutOld, stored)).toThrow(FieldDecryptionError);
    expect(() => decryptField(withoutOld, stored)).toThrow(
      'Encrypted field written with key "old", which is not in FIELD_ENCRYPTION_KEYS',
    );
    // Same id, another key: altered or wrong key, never a wrong value.
    const impostor = createFieldKeyring(APP_SECRET, [{ kid: 'old', key: randomBytes(32) }]);
    expect(() => decryptField(impostor, stored)).toThrow(/could not be decrypted/);
    // The stored values of the first test are under "new"; a keyring without it stops the rotation.
    const other = createFieldKeyring(APP_SECRET, [{ kid: 'other', key: randomBytes(32) }]);
    await expect(rotateStoredSecrets(database.handle.db, other)).rejects.toThrow(
      'Encrypted field written with key "new", which is not in FIELD_ENCRYPTION_KEYS',
    );
    // Nothing to rotate to without FIELD_ENCRYPTION_KEYS.
    await expect(rotateStoredSecrets(database.handle.db, createFieldKeyring(APP_SECRET))).rejects.toThrow(
      /FIELD_ENCRYPTION_KEYS is not set/,
    );
  });

  it('FIELD_ENCRYPTION_KEYS is validated: kid:key pairs of 32-byte base64 keys, ids unique', () => {
    const key = randomBytes(32).toString('base64url');
    expect(loadConfig({ FIELD_ENCRYPTION_KEYS: ` a:${key} , b-2:${OLD_KEY}` }).fieldEncryptionKeys).toEqual([
      { kid: 'a', key: Buffer.from(key, 'base64url') },
      { kid: 'b-2', key: Buffer.from(OLD_KEY, 'base64') },
    ]);
    expect(loadConfig({}).fieldEncryptionKeys).toEqual([]);
    for (const bad of [`a:${randomBytes(16).toString('base64')}`, key, `a:${key},a:${OLD_KEY}`, `a.b:${key}`]) {
      expect(() => loadConfig({ FIELD_ENCRYPTION_KEYS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ FIELD_ENCRYPTION_KEYS: bad })).toThrow(/FIELD_ENCRYPTION_KEYS/);
    }
  });
});

describe('npm run secrets:rotate (the command)', () => {
  const ROOT = resolve(import.meta.dirname, '../../..');
  /** The command as `npm run secrets:rotate` starts it, on the embedded database in `dir`. */
  const rotate = (dir: string, keys: string | undefined) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', 'apps/api/src/operations/rotate-secrets.cli.ts'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: scaled(120_000),
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATA_DIR: dir,
          DATABASE_URL: '',
          APP_SECRET,
          FIELD_ENCRYPTION_KEYS: keys ?? '',
        },
      },
    );

  it('re-encrypts the stored values of the configured database and prints counts only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bcp-rotation-cli-'));
    try {
      const number = uniqueAccountNumber();
      // A v1 bank account on an embedded database on disk, written through the server.
      await migratedDataDir(dir);
      const onDisk = await openDatabase({ dataDir: dir });
      try {
        await applyMigrations(onDisk);
        const config = testConfig(dir, { APP_SECRET });
        const logStream = new Writable({ write: (_chunk, _encoding, callback) => callback() });
        const app = await buildApp({ config, database: onDisk, logStream });
        await app.ready();
        await addBankAccount(app, await claimingMember(app), number);
        await app.close();
      } finally {
        await onDisk.close();
      }
      const refused = rotate(dir, undefined);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('Could not rotate: FIELD_ENCRYPTION_KEYS is not set');
      const result = rotate(dir, `new:${NEW_KEY}`);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('personBankAccounts: 1 read, 1 re-encrypted');
      expect(result.stdout).toContain('webhookEndpoints: 0 read, 0 re-encrypted');
      expect(result.stdout).not.toContain(number);
      const reopened = await openDatabase({ dataDir: dir });
      try {
        const [row] = await reopened.db.select().from(personBankAccounts);
        expect(row?.accountNumberEncrypted).toMatch(/^v2\.new\./);
        const keyring = createFieldKeyring(APP_SECRET, [{ kid: 'new', key: Buffer.from(NEW_KEY, 'base64') }]);
        expect(decryptField(keyring, row?.accountNumberEncrypted as string)).toBe(number);
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
