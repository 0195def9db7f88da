import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption of single personal-information fields at rest (e.g. bank account numbers), with
 * AES-256-GCM under a key derived (HKDF-SHA256) from the server's APP_SECRET. A stolen database
 * copy without the secret does not reveal the values.
 *
 * Stored form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
const VERSION = 'v1';

function fieldKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'bcp-field-encryption', VERSION, 32));
}

/** Encrypts a field value with a fresh random IV. */
export function encryptField(secret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', fieldKey(secret), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ciphertext.toString('base64url'),
  ].join('.');
}

/**
 * Decrypts a value written by `encryptField`.
 * @throws Error when the value was altered or another secret wrote it
 */
export function decryptField(secret: string, stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Unknown encrypted field format');
  const decipher = createDecipheriv('aes-256-gcm', fieldKey(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
