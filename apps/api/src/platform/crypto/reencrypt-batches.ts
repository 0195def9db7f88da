import type { Database } from '../../db/client.js';

/** Rows a key rotation read and rows it wrote again under the current key. */
export interface ReencryptionCounts {
  examined: number;
  reencrypted: number;
}

/** Rows per transaction of a key rotation (`npm run secrets:rotate`). */
export const REENCRYPTION_BATCH_SIZE = 500;

/**
 * Walks a table by id in transactions of `batchSize` rows (key rotation, decision 055): each
 * transaction reads the next page with `page` and hands each row to `rewrite`, which writes it
 * again under the current key and answers whether it wrote (false: already current, or changed
 * meanwhile). Counts only; never a value.
 * @throws whatever `page` or `rewrite` throws (e.g. a value under an unknown key); the batches
 *   before it stay committed, and running again continues where it stopped
 */
export async function reencryptInBatches<Row extends { id: number }>(
  db: Database,
  steps: {
    page(tx: Database, afterId: number, limit: number): Promise<Row[]>;
    rewrite(tx: Database, row: Row): Promise<boolean>;
  },
  batchSize = REENCRYPTION_BATCH_SIZE,
): Promise<ReencryptionCounts> {
  const counts: ReencryptionCounts = { examined: 0, reencrypted: 0 };
  let afterId = 0;
  for (;;) {
    const rows = await db.transaction(async (tx) => {
      const page = await steps.page(tx, afterId, batchSize);
      for (const row of page) {
        if (await steps.rewrite(tx, row)) counts.reencrypted += 1;
      }
      return page;
    });
    counts.examined += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return counts;
    afterId = last.id;
  }
}
