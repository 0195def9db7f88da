import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { funds } from '../../src/db/schema/index.js';
import { createApiKey } from '../../src/modules/partners/partner-api-keys.service.js';
import { createPartner } from '../../src/modules/partners/partners.service.js';

const SYSTEM = { actor: { type: 'system', label: 'test' } } as const;

/** A fund administrator partner with an API key, administering the fund `fundId`. */
export async function administratorOf(
  app: FastifyInstance,
  fundId: number,
): Promise<{ partnerId: number; key: string; keyId: number }> {
  const partner = await createPartner(app.db, { name: `Administrator ${fundId}`, kind: 'fund-administrator' }, SYSTEM);
  await app.db.update(funds).set({ administratorPartnerId: partner.id }).where(eq(funds.id, fundId));
  const key = await createApiKey(app.db, partner.id, { name: 'Production' }, SYSTEM);
  return { partnerId: partner.id, key: key.key, keyId: key.id };
}
