import type { Database } from '../../db/client.js';
import { type FieldKeyring, reencryptField } from '../../platform/crypto/field-encryption.js';
import { type ReencryptionCounts, reencryptInBatches } from '../../platform/crypto/reencrypt-batches.js';
import { replaceEncryptedEndpointSecrets, selectEncryptedEndpointSecrets } from './webhooks.repository.js';

/**
 * Re-encrypts every webhook endpoint's signing secrets (the current one and the previous one of an
 * overlap; deleted endpoints too) under the keyring's current key, 500 rows a transaction
 * (`npm run secrets:rotate`, decision 055).
 * @returns how many endpoints were read and how many written again
 * @throws FieldDecryptionError when a secret is under a key the keyring lacks
 */
export async function reencryptStoredSecrets(db: Database, keyring: FieldKeyring): Promise<ReencryptionCounts> {
  return reencryptInBatches(db, {
    page: selectEncryptedEndpointSecrets,
    async rewrite(tx, row) {
      const secretEncrypted = reencryptField(keyring, row.secretEncrypted);
      const previousSecretEncrypted =
        row.previousSecretEncrypted === null ? null : reencryptField(keyring, row.previousSecretEncrypted);
      if (secretEncrypted === null && previousSecretEncrypted === null) return false;
      return replaceEncryptedEndpointSecrets(tx, row, {
        secretEncrypted: secretEncrypted ?? row.secretEncrypted,
        previousSecretEncrypted: previousSecretEncrypted ?? row.previousSecretEncrypted,
      });
    },
  });
}
