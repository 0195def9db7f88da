import type { Database } from '../../db/client.js';
import { type FieldKeyring, reencryptField } from '../../platform/crypto/field-encryption.js';
import { type ReencryptionCounts, reencryptInBatches } from '../../platform/crypto/reencrypt-batches.js';
import { replaceEncryptedAccountNumber, selectEncryptedAccountNumbers } from './person-banks.repository.js';

/**
 * Re-encrypts every stored bank account number (removed accounts too) under the keyring's
 * current key, 500 rows a transaction (`npm run secrets:rotate`, decision 055).
 * @returns how many accounts were read and how many written again
 * @throws FieldDecryptionError when a number is under a key the keyring lacks
 */
export async function reencryptStoredSecrets(db: Database, keyring: FieldKeyring): Promise<ReencryptionCounts> {
  return reencryptInBatches(db, {
    page: selectEncryptedAccountNumbers,
    async rewrite(tx, row) {
      const next = reencryptField(keyring, row.accountNumberEncrypted);
      return next !== null && (await replaceEncryptedAccountNumber(tx, row.id, row.accountNumberEncrypted, next));
    },
  });
}
