import { createHash } from 'node:crypto';
import { PARTNER_MESSAGES } from '@bcp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { partnerApiKeys, partners } from '../src/db/schema/index.js';
import { authenticatePartnerApiKey } from '../src/modules/partners/partner-api-keys.service.js';
import { UndeclaredAccessError } from '../src/platform/auth/route-access.js';
import { call } from './support/accounts.js';
import { claimingMember } from './support/claims.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 8 "Partners": partners, their funds and API keys, and the partner API's guard
 * (`{ area: 'partner' }`), proved on a test route registered through `prepare`.
 */
let testApp: TestApp;
let manager: Staff;
let keyKeeper: Staff;
const app = () => testApp.app;
const WHOAMI = '/api/v2/test/whoami';

beforeAll(async () => {
  testApp = await createTestApp({
    prepare: (server) => {
      server.post(
        WHOAMI,
        { config: { access: { area: 'partner' } }, schema: { operationId: 'testWhoAmI' } },
        async (request) => request.partner,
      );
    },
  });
  manager = await createStaff(app(), ['partners.read', 'partners.write', 'audits.read', 'funds.write', 'funds.read']);
  keyKeeper = await createStaff(app(), ['partners.read', 'partners.keys']);
});
afterAll(async () => testApp.close());

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, token = manager.token) =>
  call(app(), method, `/api/v1${url}`, { token, ...(body === undefined ? {} : { body }) });
/** A partner API call as partners make it: no cookies, no XSRF header, the key as a bearer token. */
const asPartner = (key?: string) =>
  app().inject({ method: 'POST', url: WHOAMI, headers: key ? { authorization: `Bearer ${key}` } : {}, payload: {} });
let names = 0;
async function newPartner(extra: Record<string, unknown> = {}) {
  names += 1;
  const response = await api('POST', '/partners', { name: `Partner ${names}`, kind: 'fund-administrator', ...extra });
  if (response.statusCode !== 201) throw new Error(`partner not created: ${response.body}`);
  return response.json();
}
async function newKey(partnerId: number) {
  const response = await api('POST', `/partners/${partnerId}/api-keys`, { name: 'Production' }, keyKeeper.token);
  if (response.statusCode !== 201) throw new Error(`key not created: ${response.body}`);
  return response.json();
}

describe('partners', () => {
  it('creates a partner with the funds it serves; reads, lists, filters; audits', async () => {
    const member = await claimingMember(app());
    const response = await api('POST', '/partners', {
      name: 'Tracers (Pty) Ltd',
      kind: 'tracing-partner',
      contactName: 'Ops',
      contactEmail: 'Ops@Tracers.co.za',
      contactPhone: '082 123 4567',
      fundIds: [member.fundId],
    });
    expect(response.statusCode).toBe(201);
    const partner = response.json();
    expect(partner).toMatchObject({
      kind: 'tracing-partner',
      contactEmail: 'ops@tracers.co.za',
      contactPhone: '+27821234567',
      active: true,
      funds: [{ id: member.fundId, name: 'Claims Test Fund' }],
      activeApiKeys: 0,
    });
    expect((await api('GET', `/partners/${partner.id}`)).json()).toEqual(partner);
    const byFund = await api('GET', `/partners?filter[fundId]=${member.fundId}&filter[kind]=tracing-partner`);
    expect(byFund.json().items.map((item: { id: number }) => item.id)).toEqual([partner.id]);
    expect((await api('GET', '/partners?q=tracers')).json().total).toBe(1);
    const [created] = (await api('GET', `/partners/${partner.id}/audits`)).json().items;
    expect(created).toMatchObject({
      action: 'partners.created',
      after: expect.objectContaining({ fundIds: [member.fundId] }),
    });
  });

  it('bad input is a 422 per field and creates nothing', async () => {
    const before = await app().db.$count(partners);
    const response = await api('POST', '/partners', { name: '', kind: 'bank', contactEmail: 'x', fundIds: ['a'] });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['contactEmail', 'fundIds.0', 'kind', 'name']);
    const unknownFund = await api('POST', '/partners', { name: 'Nobody', kind: 'tracing-partner', fundIds: [999999] });
    expect(unknownFund.json().errors).toEqual({ fundIds: [PARTNER_MESSAGES.unknownFund] });
    const existing = await newPartner();
    const taken = await api('POST', '/partners', { name: existing.name, kind: 'tracing-partner' });
    expect(taken.json().errors).toEqual({ name: [PARTNER_MESSAGES.nameTaken] });
    expect(await app().db.$count(partners)).toBe(before + 1);
  });

  it('serves the create and edit forms with kinds, funds and values', async () => {
    const member = await claimingMember(app());
    const create = await api('GET', '/partners/create');
    expect(create.statusCode).toBe(200);
    const fields = create.json().fields;
    expect(fields.map((field: { name: string }) => field.name)).toEqual([
      'name',
      'kind',
      'contactName',
      'contactEmail',
      'contactPhone',
      'active',
      'fundIds',
    ]);
    expect(fields[1].options).toEqual([
      { value: 'tracing-partner', label: 'Tracing partner' },
      { value: 'fund-administrator', label: 'Fund administrator' },
    ]);
    expect(fields[6].options).toContainEqual({ value: member.fundId, label: 'Claims Test Fund' });
    const partner = await newPartner({ fundIds: [member.fundId] });
    const edit = await api('GET', `/partners/${partner.id}/edit`);
    expect(edit.json().values).toMatchObject({
      name: partner.name,
      kind: 'fund-administrator',
      fundIds: [member.fundId],
    });
    expect((await api('GET', '/partners/999999/edit')).statusCode).toBe(404);
  });

  it('an administrator cannot drop, or stop being the administrator of, a fund it administers (422), nor be deleted (409)', async () => {
    const member = await claimingMember(app());
    const partner = await newPartner();
    expect((await api('PATCH', `/funds/${member.fundId}`, { administratorPartnerId: partner.id })).statusCode).toBe(
      200,
    );
    const drop = await api('PATCH', `/partners/${partner.id}`, { fundIds: [] });
    expect(drop.statusCode).toBe(422);
    expect(drop.json().errors.fundIds).toEqual([PARTNER_MESSAGES.administersFund('Claims Test Fund')]);
    const kind = await api('PATCH', `/partners/${partner.id}`, { kind: 'tracing-partner' });
    expect(kind.json().errors.kind).toBeDefined();
    const remove = await api('DELETE', `/partners/${partner.id}`);
    expect(remove.statusCode).toBe(409);
    expect((await api('GET', `/partners/${partner.id}`)).json().funds).toHaveLength(1);
  });

  it('changes the fields given (fundIds replaces the list) and deletes: soft, keys revoked, audited', async () => {
    const member = await claimingMember(app());
    const partner = await newPartner({ kind: 'tracing-partner' });
    const changed = await api('PATCH', `/partners/${partner.id}`, {
      contactName: 'New contact',
      fundIds: [member.fundId],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ contactName: 'New contact', funds: [{ id: member.fundId }] });
    const key = await newKey(partner.id);
    expect((await api('DELETE', `/partners/${partner.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/partners/${partner.id}`)).statusCode).toBe(404);
    expect((await asPartner(key.key)).statusCode).toBe(401);
    const trail = (await api('GET', `/partners/${partner.id}/audits`)).json().items;
    expect(trail.map((row: { action: string }) => row.action)).toEqual([
      'partners.deleted',
      'partners.api_key_created',
      'partners.updated',
      'partners.created',
    ]);
  });
});

describe('partner API keys', () => {
  it('shows a new key once, stores only its SHA-256, and lists keys by prefix only', async () => {
    const partner = await newPartner();
    const created = await api('POST', `/partners/${partner.id}/api-keys`, { name: 'Production' }, keyKeeper.token);
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const body = created.json();
    expect(body.key).toMatch(/^bcp_pk_[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({
      name: 'Production',
      prefix: body.key.slice(0, 15),
      message: PARTNER_MESSAGES.keyShownOnce,
    });
    const [row] = await app().db.select().from(partnerApiKeys).where(eq(partnerApiKeys.id, body.id));
    expect(row?.keyHash).toBe(createHash('sha256').update(body.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(body.key);
    const listed = await api('GET', `/partners/${partner.id}/api-keys`);
    expect(listed.json().items).toEqual([
      expect.objectContaining({ id: body.id, prefix: body.prefix, revokedAt: null }),
    ]);
    expect(listed.body).not.toContain(body.key);
    const trail = await api('GET', `/partners/${partner.id}/audits`);
    expect(trail.body).not.toContain(body.key);
    expect(JSON.stringify(testApp.logs)).not.toContain(body.key);
    expect((await api('GET', `/partners/${partner.id}`)).json().activeApiKeys).toBe(1);
  });

  it('only holders of partners.keys create, rotate and revoke keys; inactive partners get none', async () => {
    const partner = await newPartner();
    expect((await api('POST', `/partners/${partner.id}/api-keys`, { name: 'X' })).statusCode).toBe(403);
    const empty = await api('POST', `/partners/${partner.id}/api-keys`, { name: '' }, keyKeeper.token);
    expect(empty.json().errors.name).toBeDefined();
    await api('PATCH', `/partners/${partner.id}`, { active: false });
    const inactive = await api('POST', `/partners/${partner.id}/api-keys`, { name: 'X' }, keyKeeper.token);
    expect(inactive.statusCode).toBe(409);
    expect((await api('POST', '/partners/999999/api-keys', { name: 'X' }, keyKeeper.token)).statusCode).toBe(404);
  });

  it('rotating revokes the old key and answers a new one; revoking refuses the key on the next request', async () => {
    const partner = await newPartner();
    const first = await newKey(partner.id);
    expect((await asPartner(first.key)).statusCode).toBe(200);
    const rotated = await api('POST', `/partners/${partner.id}/api-keys/${first.id}/rotate`, {}, keyKeeper.token);
    expect(rotated.statusCode).toBe(201);
    const second = rotated.json();
    expect(second).toMatchObject({ name: 'Production' });
    expect(second.key).not.toBe(first.key);
    expect((await asPartner(first.key)).statusCode).toBe(401);
    expect((await asPartner(second.key)).statusCode).toBe(200);
    const again = await api('POST', `/partners/${partner.id}/api-keys/${first.id}/rotate`, {}, keyKeeper.token);
    expect(again.statusCode).toBe(409);

    const revoked = await api('DELETE', `/partners/${partner.id}/api-keys/${second.id}`, undefined, keyKeeper.token);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).toEqual(expect.any(String));
    expect((await asPartner(second.key)).statusCode).toBe(401);
    expect(
      (await api('DELETE', `/partners/${partner.id}/api-keys/${second.id}`, undefined, keyKeeper.token)).statusCode,
    ).toBe(409);
    const other = await newPartner();
    expect(
      (await api('DELETE', `/partners/${other.id}/api-keys/${first.id}`, undefined, keyKeeper.token)).statusCode,
    ).toBe(404);
    const actions = (await api('GET', `/partners/${partner.id}/audits`))
      .json()
      .items.map((row: { action: string }) => row.action);
    expect(actions.slice(0, 4)).toEqual([
      'partners.api_key_revoked',
      'partners.api_key_created',
      'partners.api_key_revoked',
      'partners.api_key_created',
    ]);
  });
});

describe('the partner API guard ({ area: "partner" })', () => {
  it('sets request.partner to the partner and the funds it serves (read on every request), without XSRF', async () => {
    const member = await claimingMember(app());
    const partner = await newPartner({ fundIds: [member.fundId] });
    const key = await newKey(partner.id);
    const response = await asPartner(key.key);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ partnerId: partner.id, apiKeyId: key.id, fundIds: [member.fundId] });
    await api('PATCH', `/partners/${partner.id}`, { fundIds: [] });
    expect((await asPartner(key.key)).json().fundIds).toEqual([]);
    const [row] = await app().db.select().from(partnerApiKeys).where(eq(partnerApiKeys.id, key.id));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('401 without a key, with a wrong key, a staff token, or a key of an inactive partner', async () => {
    const partner = await newPartner();
    const key = await newKey(partner.id);
    for (const attempt of [undefined, `${key.key.slice(0, -1)}x`, 'bcp_pk_short', manager.token]) {
      const response = await asPartner(attempt);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: PARTNER_MESSAGES.invalidKey, code: 'invalid_api_key' });
    }
    const xApiKey = await app().inject({ method: 'POST', url: WHOAMI, headers: { 'x-api-key': key.key }, payload: {} });
    expect(xApiKey.statusCode).toBe(401);
    await api('PATCH', `/partners/${partner.id}`, { active: false });
    expect((await asPartner(key.key)).statusCode).toBe(401);
    expect(await authenticatePartnerApiKey(app().db, key.key)).toBeUndefined();
    await api('PATCH', `/partners/${partner.id}`, { active: true });
    expect(await authenticatePartnerApiKey(app().db, key.key)).toMatchObject({ partnerId: partner.id });
  });

  it('refuses at start-up an /api/v2 route without partner access, and partner access elsewhere', async () => {
    const attempt = async (register: (server: Awaited<ReturnType<typeof buildApp>>) => void) => {
      const server = await buildApp({
        config: testApp.config,
        database: testApp.database.handle,
        logStream: { write: () => true } as unknown as NodeJS.WritableStream,
      });
      try {
        register(server);
        await server.ready();
      } finally {
        await server.close().catch(() => undefined);
      }
    };
    await expect(
      attempt((server) => server.post('/api/v2/open', { config: { access: 'public' } }, async () => 'x')),
    ).rejects.toThrow(UndeclaredAccessError);
    await expect(
      attempt((server) =>
        server.post(
          '/api/v2/staff',
          { config: { access: { area: 'admin', permission: 'funds.read' } } },
          async () => 'x',
        ),
      ),
    ).rejects.toThrow(UndeclaredAccessError);
    await expect(
      attempt((server) =>
        server.get('/api/app/partner-probe', { config: { access: { area: 'partner' } } }, async () => 'x'),
      ),
    ).rejects.toThrow(/partner access is only for \/api\/v2/);
    await expect(
      attempt((server) =>
        server.get('/api/v1/partner-probe', { config: { access: { area: 'partner' } } }, async () => 'x'),
      ),
    ).rejects.toThrow(UndeclaredAccessError);
  });
});
