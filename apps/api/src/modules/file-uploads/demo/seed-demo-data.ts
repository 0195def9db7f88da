import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import type { FileStore } from '../../../platform/files/file-store.js';
import { seedDemoFaqs } from '../../faqs/index.js';
import { configureDemoFund, countFunds, createFund } from '../../funds/index.js';
import { importFileAsSystem } from '../system-import.service.js';
import { generateMemberFile } from './generate-member-file.js';

/** The demo fund's details (README "Demo data"). */
export const DEMO_FUND = { name: 'Demo Retirement Fund', registrationNumber: '12/8/00001' } as const;
export const DEMO_SEED = 2026;
export const DEMO_MEMBER_COUNT = 2000;

/**
 * On a database with no fund: creates the demo fund, writes a generated member file to
 * `<dataDir>/demo/demo-member-file.csv` and loads it through the file upload pipeline (checked
 * into staging, then accepted; `importFileAsSystem`), so the app is usable at once. Does nothing when any fund exists.
 * @returns whether demo data was created
 */
export async function seedDemoDataIfEmpty(
  db: Database,
  dataDir: string,
  files: FileStore,
  log: FastifyBaseLogger,
): Promise<boolean> {
  if ((await countFunds(db)) > 0) return false;
  const folder = join(dataDir, 'demo');
  mkdirSync(folder, { recursive: true });
  const path = join(folder, 'demo-member-file.csv');
  writeFileSync(path, generateMemberFile({ seed: DEMO_SEED, members: DEMO_MEMBER_COUNT }));

  const fund = await createFund(db, DEMO_FUND);
  // Issue 8: fund type, a tracing fee (2.5% + VAT) and the staff checklist.
  await configureDemoFund(db, fund.id);
  await seedDemoFaqs(db, fund.id);
  const upload = await importFileAsSystem({ db, files }, { fundId: fund.id, type: 'member_file', path });
  log.info(
    {
      fundId: fund.id,
      fileUploadId: upload.id,
      status: upload.status,
      rows: upload.progress.totalRows,
      imported: upload.importedCount,
      refused: upload.counts.refused,
    },
    'demo data loaded',
  );
  return true;
}
