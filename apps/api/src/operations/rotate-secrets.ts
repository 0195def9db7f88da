import type { Database } from '../db/client.js';
import { reencryptStoredSecrets as reencryptBankAccounts } from '../modules/person-banks/index.js';
import { reencryptStoredSecrets as reencryptWebhookSecrets } from '../modules/webhooks/index.js';
import type { FieldKeyring } from '../platform/crypto/field-encryption.js';
import type { ReencryptionCounts } from '../platform/crypto/reencrypt-batches.js';

/** What a key rotation did, per kind of stored secret: rows read and rows written again. */
export type RotationReport = Record<'personBankAccounts' | 'webhookEndpoints', ReencryptionCounts>;

/**
 * Re-encrypts every secret stored at rest under the keyring's current key (decision 055): bank
 * account numbers and webhook signing secrets, each by its own module in transactions of 500 rows.
 * Queued messages' sealed parts are not rewritten: they are read with the old key, kept
 * decrypt-only until the queue has drained (docs/operations.md "Rotating the field-encryption key").
 * Running it again continues: values already under the current key are left alone.
 * @throws Error when the keyring has no configured key (FIELD_ENCRYPTION_KEYS unset)
 * @throws FieldDecryptionError when a value is under a key the keyring lacks
 */
export async function rotateStoredSecrets(db: Database, keyring: FieldKeyring): Promise<RotationReport> {
  if (keyring.currentKid === undefined) {
    throw new Error('FIELD_ENCRYPTION_KEYS is not set: there is no key to rotate to');
  }
  return {
    personBankAccounts: await reencryptBankAccounts(db, keyring),
    webhookEndpoints: await reencryptWebhookSecrets(db, keyring),
  };
}
