import { chmodSync, writeFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { AuditContext } from '../../platform/audit/audit.service.js';
import { findFundIdByRegistrationNumber, updateFund } from '../funds/index.js';
import { createApiKey } from './partner-api-keys.service.js';
import { anyPartnerExists } from './partners.repository.js';
import { createPartner } from './partners.service.js';

const DEMO: AuditContext = { actor: { type: 'system', label: 'demo data' } };

/** The demo fund administrator (README "Partners and API keys"); development data only. */
export const DEMO_PARTNER = {
  name: 'Demo Fund Administrators (Pty) Ltd',
  contactName: 'Partner Support',
  contactEmail: 'api@demo-administrators.co.za',
} as const;

/**
 * On a database without partners (development only, never in production): the demo fund
 * administrator, serving and administering the fund `demoFundRegistrationNumber` when it exists,
 * with one API key written to the log this once (it cannot be shown again: create another with
 * `POST /api/v1/partners/{id}/api-keys`) and, given `keyFile` (the demo data's
 * `<DATA_DIR>/demo-partner-key.txt`), to that file too, readable by its owner only (mode 0600;
 * issue 41 item 4). Does nothing when any partner exists.
 * @returns whether the partner was created
 */
export async function seedDemoPartnerIfNone(
  db: Database,
  log: FastifyBaseLogger,
  demoFundRegistrationNumber: string,
  keyFile?: string,
): Promise<boolean> {
  if (await anyPartnerExists(db)) return false;
  const fundId = await findFundIdByRegistrationNumber(db, demoFundRegistrationNumber);
  const partner = await createPartner(
    db,
    { ...DEMO_PARTNER, kind: 'fund-administrator', fundIds: fundId === undefined ? [] : [fundId] },
    DEMO,
  );
  if (fundId !== undefined) await updateFund(db, fundId, { administratorPartnerId: partner.id }, DEMO);
  const key = await createApiKey(db, partner.id, { name: 'Demo key' }, DEMO);
  // Development only, and only this once: the key exists nowhere else (the database keeps its hash).
  log.warn(
    { partnerId: partner.id, partner: partner.name, apiKey: key.key },
    'demo partner API key (shown once; send it as "Authorization: Bearer <key>" to /api/v2)',
  );
  if (keyFile) {
    writeFileSync(keyFile, `${key.key}\n`, { mode: 0o600 });
    chmodSync(keyFile, 0o600); // the mode above applies only to a new file
    log.warn({ keyFile }, 'demo partner API key also written to this file (development only)');
  }
  return true;
}
