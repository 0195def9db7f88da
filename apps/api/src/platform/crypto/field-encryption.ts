import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption of single personal-information fields and secrets at rest (bank account numbers,
 * webhook signing secrets, the secret parts of queued messages), with AES-256-GCM. A stolen
 * database copy without the keys does not reveal the values (decision 055).
 *
 * Two stored forms, each part base64url:
 * - `v1.<iv>.<tag>.<ciphertext>`: the key derived (HKDF-SHA256) from APP_SECRET. Written while
 *   `FIELD_ENCRYPTION_KEYS` is unset; always readable.
 * - `v2.<kid>.<iv>.<tag>.<ciphertext>`: the key named `kid` of `FIELD_ENCRYPTION_KEYS`. The first key
 *   of the setting writes; the others only read, until `npm run secrets:rotate` has re-encrypted
 *   every stored value under the first.
 *
 * Callers pass the APP_SECRET they already hold (`encryptField(secret, value)`): the keyring of
 * the configured keys is registered under it once at start-up (`registerFieldKeyring`), so the
 * callers need not change; with nothing registered the APP_SECRET-derived `v1` key is used.
 */
const LEGACY_VERSION = 'v1';
const KEYED_VERSION = 'v2';

/** One key of `FIELD_ENCRYPTION_KEYS`: its id (written into each value) and its 32 bytes. */
export interface FieldKey {
  kid: string;
  key: Buffer;
}

/** The keys a process encrypts and decrypts fields with (build with `createFieldKeyring`). */
export interface FieldKeyring {
  /** The id of the key that writes, or undefined: `v1` values under the APP_SECRET-derived key. */
  readonly currentKid: string | undefined;
  /** Every configured key by id (the current one and the read-only old ones). */
  readonly keys: ReadonlyMap<string, Buffer>;
  /** The APP_SECRET-derived key of `v1` values. */
  readonly legacyKey: Buffer;
}

/** Thrown when a stored value cannot be read: unknown form, unknown key id, or altered/wrong key. */
export class FieldDecryptionError extends Error {
  override name = 'FieldDecryptionError';
}

function legacyKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'bcp-field-encryption', LEGACY_VERSION, 32));
}

/**
 * The keyring of APP_SECRET `secret` and the configured keys (`config.fieldEncryptionKeys`, the
 * first writes). No keys: values are written in the `v1` form, as before key rotation existed.
 * @throws Error when a key is not 32 bytes or a key id repeats
 */
export function createFieldKeyring(secret: string, keys: readonly FieldKey[] = []): FieldKeyring {
  const byKid = new Map<string, Buffer>();
  for (const { kid, key } of keys) {
    if (key.length !== 32) throw new Error(`field encryption key "${kid}" must be 32 bytes`);
    if (byKid.has(kid)) throw new Error(`field encryption key "${kid}" is given twice`);
    byKid.set(kid, key);
  }
  return { currentKid: keys[0]?.kid, keys: byKid, legacyKey: legacyKey(secret) };
}

const registered = new Map<string, FieldKeyring>();

/**
 * Makes `keyring` the one used by `encryptField`/`decryptField` calls given APP_SECRET `secret`
 * in this process (the server does it once at start-up from its configuration).
 * @returns a function that undoes the registration (on close)
 */
export function registerFieldKeyring(secret: string, keyring: FieldKeyring): () => void {
  registered.set(secret, keyring);
  return () => {
    if (registered.get(secret) === keyring) registered.delete(secret);
  };
}

function keyringOf(source: string | FieldKeyring): FieldKeyring {
  if (typeof source !== 'string') return source;
  return registered.get(source) ?? createFieldKeyring(source);
}

/**
 * Encrypts a field value with a fresh random IV under the current key.
 * @param source the APP_SECRET (its registered keyring, else its `v1` key) or a keyring
 * @returns `v2.<kid>.<iv>.<tag>.<ciphertext>`, or `v1.<iv>.<tag>.<ciphertext>` with no configured keys
 */
export function encryptField(source: string | FieldKeyring, plaintext: string): string {
  const keyring = keyringOf(source);
  const kid = keyring.currentKid;
  const key = kid === undefined ? keyring.legacyKey : (keyring.keys.get(kid) as Buffer);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')];
  return (kid === undefined ? [LEGACY_VERSION, ...parts] : [KEYED_VERSION, kid, ...parts]).join('.');
}

/**
 * Decrypts a value written by `encryptField` under any key of the keyring (`v1` or `v2`).
 * @param source the APP_SECRET (its registered keyring, else its `v1` key) or a keyring
 * @throws FieldDecryptionError for an unknown form, a key id not configured (the message names
 *   it and FIELD_ENCRYPTION_KEYS), or a value altered or written under another key
 */
export function decryptField(source: string | FieldKeyring, stored: string): string {
  const keyring = keyringOf(source);
  const parts = stored.split('.');
  let key: Buffer | undefined;
  let rest: string[];
  if (parts[0] === LEGACY_VERSION && parts.length === 4) {
    key = keyring.legacyKey;
    rest = parts.slice(1);
  } else if (parts[0] === KEYED_VERSION && parts.length === 5) {
    const kid = parts[1] as string;
    key = keyring.keys.get(kid);
    if (!key) {
      throw new FieldDecryptionError(
        `Encrypted field written with key "${kid}", which is not in FIELD_ENCRYPTION_KEYS`,
      );
    }
    rest = parts.slice(2);
  } else {
    throw new FieldDecryptionError('Unknown encrypted field format');
  }
  const [iv, tag, ciphertext] = rest as [string, string, string];
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new FieldDecryptionError('Encrypted field could not be decrypted: altered, or written under another key');
  }
}

/**
 * Whether `stored` is written under the keyring's current key (so rotation can leave it).
 */
export function isUnderCurrentKey(keyring: FieldKeyring, stored: string): boolean {
  const kid = keyring.currentKid;
  return kid === undefined ? stored.startsWith(`${LEGACY_VERSION}.`) : stored.startsWith(`${KEYED_VERSION}.${kid}.`);
}

/**
 * `stored` re-encrypted under the keyring's current key, or null when it already is (key rotation).
 * @throws FieldDecryptionError when it cannot be read with the keyring
 */
export function reencryptField(keyring: FieldKeyring, stored: string): string | null {
  if (isUnderCurrentKey(keyring, stored)) return null;
  return encryptField(keyring, decryptField(keyring, stored));
}
