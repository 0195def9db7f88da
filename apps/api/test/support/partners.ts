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

/** A fund administrator partner serving no fund yet, with one API key named "Production". */
export async function partnerWithKey(
  app: FastifyInstance,
  name: string,
): Promise<{ partnerId: number; key: string; keyId: number }> {
  const partner = await createPartner(app.db, { name, kind: 'fund-administrator' }, SYSTEM);
  const key = await createApiKey(app.db, partner.id, { name: 'Production' }, SYSTEM);
  return { partnerId: partner.id, key: key.key, keyId: key.id };
}

/**
 * A partner API call as an integrator makes it: `path` under `/api/v2`, the key as a bearer token
 * (`undefined`: anonymous), a JSON `body` when given, no cookies and no XSRF header.
 */
export function partnerCall(
  app: FastifyInstance,
  token: string | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: object,
) {
  return app.inject({
    method,
    url: `/api/v2${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body ? { payload: body } : {}),
  });
}
