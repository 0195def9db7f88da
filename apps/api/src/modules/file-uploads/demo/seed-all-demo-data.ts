import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import type { FileStore } from '../../../platform/files/file-store.js';
import { demoPartnerKeyPath } from '../../../platform/messaging/demo-partner-key.js';
import { seedDemoPartnerIfNone } from '../../partners/index.js';
import { seedDemoStaffIfNone } from '../../users/index.js';
import { DEMO_FUND, seedDemoDataIfEmpty } from './seed-demo-data.js';

/**
 * All demo data, each part only where none of its kind exists: the demo fund with its generated
 * members, demo staff with known passwords (README "Back office (staff)") and a demo fund
 * administrator whose API key is logged once and written to `<dataDir>/demo-partner-key.txt`
 * (README "Partners and API keys"; the development outbox page shows it). The server imports
 * this module lazily and never in production (issue 15 item 6).
 */
export async function seedDemoData(
  db: Database,
  dataDir: string,
  files: FileStore,
  log: FastifyBaseLogger,
): Promise<void> {
  await seedDemoDataIfEmpty(db, dataDir, files, log);
  await seedDemoStaffIfNone(db, log);
  await seedDemoPartnerIfNone(db, log, DEMO_FUND.registrationNumber, demoPartnerKeyPath(dataDir));
}
