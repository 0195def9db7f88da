import { FEE_MESSAGES, FUND_MESSAGES, FUND_TYPES, SOUTH_AFRICAN_BANKS } from '@bcp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefits, fundFees, funds } from '../src/db/schema/index.js';
import { calculateFundPayout } from '../src/modules/funds/fund-fees.service.js';
import { call, createPerson } from './support/accounts.js';
import { claimingMember } from './support/claims.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 8 "Funds" and "Fees": back-office calls through real HTTP on a real database. */
let testApp: TestApp;
let manager: Staff;
let reader: Staff;
let sequence = 0;
const app = () => testApp.app;

beforeAll(async () => {
  testApp = await createTestApp();
  manager = await createStaff(app(), [
    'funds.read',
    'funds.write',
    'fees.read',
    'fees.write',
    'audits.read',
    'fund-types.read',
    'banks.read',
    'partners.read',
    'partners.write',
  ]);
  reader = await createStaff(app(), ['funds.read', 'fees.read']);
});
afterAll(async () => testApp.close());

const registration = () => {
  sequence += 1;
  return `12/8/${String(70000 + sequence)}`;
};
const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, token = manager.token) =>
  call(app(), method, `/api/v1${url}`, { token, ...(body === undefined ? {} : { body }) });
async function newFund(extra: Record<string, unknown> = {}) {
  const response = await api('POST', '/funds', {
    name: `Fund ${sequence}`,
    registrationNumber: registration(),
    ...extra,
  });
  if (response.statusCode !== 201) throw new Error(`fund not created: ${response.body}`);
  return response.json();
}
const trail = async (path: string) => (await api('GET', `${path}/audits`)).json().items;

describe('funds', () => {
  it('creates a fund with type, administrator, contact details and tags; reads it back; audits it', async () => {
    const types = (await api('GET', '/fund_types')).json().items;
    const provident = types.find((type: { code: string }) => type.code === 'provident');
    const partner = await api('POST', '/partners', { name: 'Admin Co', kind: 'fund-administrator' });
    const response = await api('POST', '/funds', {
      name: 'Mining Provident Fund',
      registrationNumber: ' 12/8/4711 ',
      fundTypeId: provident.id,
      administratorPartnerId: partner.json().id,
      contactName: 'Principal Officer',
      contactEmail: 'PO@Mining.co.za',
      contactPhone: '021 555 0100',
      tags: ['mining', 'gauteng', 'mining'],
    });
    expect(response.statusCode).toBe(201);
    const fund = response.json();
    expect(fund).toMatchObject({
      name: 'Mining Provident Fund',
      registrationNumber: '12/8/4711',
      fundType: { code: 'provident', name: 'Provident fund' },
      administrator: { id: partner.json().id, name: 'Admin Co' },
      contactEmail: 'po@mining.co.za',
      contactPhone: '+27215550100',
      tags: ['mining', 'gauteng'],
      status: 'active',
      benefitCount: 0,
    });
    expect((await api('GET', `/funds/${fund.id}`, undefined, reader.token)).json()).toEqual(fund);
    // The administrator now serves the fund: its API keys reach it.
    expect((await api('GET', `/partners/${partner.json().id}`)).json().funds).toEqual([
      { id: fund.id, name: 'Mining Provident Fund' },
    ]);
    const [created] = await trail(`/funds/${fund.id}`);
    expect(created).toMatchObject({
      action: 'funds.created',
      actor: { type: 'staff', id: manager.userId },
      after: expect.objectContaining({ name: 'Mining Provident Fund', fundType: 'provident' }),
    });
  });

  it('bad input is a 422 per field and creates nothing', async () => {
    const before = await app().db.$count(funds);
    const response = await api('POST', '/funds', {
      name: '',
      registrationNumber: '??',
      contactEmail: 'not-an-email',
      contactPhone: '12',
      tags: ['fine', 'no<script>'],
      status: 'closed',
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'contactEmail',
      'contactPhone',
      'name',
      'registrationNumber',
      'status',
      'tags.1',
    ]);
    const references = await api('POST', '/funds', {
      name: 'X',
      registrationNumber: registration(),
      fundTypeId: 999999,
      administratorPartnerId: 999999,
    });
    expect(references.statusCode).toBe(422);
    expect(references.json().errors).toEqual({
      fundTypeId: [FUND_MESSAGES.unknownFundType],
      administratorPartnerId: [FUND_MESSAGES.unknownAdministrator],
    });
    const tracing = (await api('POST', '/partners', { name: 'Tracer', kind: 'tracing-partner' })).json();
    const notAdministrator = await api('POST', '/funds', {
      name: 'X',
      registrationNumber: registration(),
      administratorPartnerId: tracing.id,
    });
    expect(notAdministrator.json().errors.administratorPartnerId).toEqual([FUND_MESSAGES.unknownAdministrator]);
    expect(await app().db.$count(funds)).toBe(before);
  });

  it('refuses a registration number in use (422 on the field), on create and on change', async () => {
    const fund = await newFund();
    const duplicate = await api('POST', '/funds', { name: 'Copy', registrationNumber: fund.registrationNumber });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.registrationNumber).toEqual([FUND_MESSAGES.registrationTaken]);
    const other = await newFund();
    const change = await api('PATCH', `/funds/${other.id}`, { registrationNumber: fund.registrationNumber });
    expect(change.json().errors.registrationNumber).toEqual([FUND_MESSAGES.registrationTaken]);
  });

  it('changes the fields given, clears with null, archives; audits only the changed fields', async () => {
    const fund = await newFund({ contactEmail: 'a@fund.co.za', tags: ['x'] });
    const response = await api('PATCH', `/funds/${fund.id}`, { contactEmail: null, status: 'archived', tags: [] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: fund.name, contactEmail: null, status: 'archived', tags: [] });
    const [updated] = await trail(`/funds/${fund.id}`);
    expect(updated).toMatchObject({
      action: 'funds.updated',
      before: { contactEmail: 'a@fund.co.za', status: 'active', tags: ['x'] },
      after: { contactEmail: null, status: 'archived', tags: [] },
    });
    expect((await api('PATCH', '/funds/999999', { name: 'Nobody' })).statusCode).toBe(404);
    expect((await api('PATCH', `/funds/${fund.id}`, { name: 'X' }, reader.token)).statusCode).toBe(403);
  });

  it('lists with the envelope: filters by status, type, administrator and tag; searches; sorts', async () => {
    const tag = `t${Date.now()}`;
    const a = await newFund({ name: `Alpha ${tag}`, tags: [tag] });
    const b = await newFund({ name: `Beta ${tag}`, tags: [tag], status: 'archived' });
    await newFund({ name: `Gamma ${tag}` });
    const byTag = await api('GET', `/funds?filter[tag]=${tag}&sort[]=name:desc`, undefined, reader.token);
    expect(byTag.statusCode).toBe(200);
    expect(byTag.json()).toMatchObject({ page: 1, total: 2, totalPages: 1 });
    expect(byTag.json().items.map((fund: { id: number }) => fund.id)).toEqual([b.id, a.id]);
    const active = await api('GET', `/funds?filter[tag]=${tag}&filter[status]=active`);
    expect(active.json().items.map((fund: { id: number }) => fund.id)).toEqual([a.id]);
    const search = await api('GET', `/funds?q=${tag}&pageSize=2`);
    expect(search.json()).toMatchObject({ total: 3, totalPages: 2, pageSize: 2 });
    expect((await api('GET', '/funds?filter[colour]=red')).statusCode).toBe(422);
    expect((await api('GET', '/funds?sort[]=secret:asc')).statusCode).toBe(422);
    const tags = await api('GET', '/funds/get/tags', undefined, reader.token);
    expect(tags.json().items).toContain(tag);
    expect(tags.json().items).toEqual([...tags.json().items].sort());
  });

  it('refuses to delete a fund with benefits (409, nothing removed); deletes one without, with its fees', async () => {
    const member = await claimingMember(app());
    const refused = await api('DELETE', `/funds/${member.fundId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FUND_MESSAGES.hasBenefits(1));
    expect(await app().db.$count(funds, eq(funds.id, member.fundId))).toBe(1);

    const empty = await newFund();
    await api('POST', `/funds/${empty.id}/fees`, { name: 'Admin', kind: 'fixed', amountCents: 1_000 });
    const deleted = await api('DELETE', `/funds/${empty.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await api('GET', `/funds/${empty.id}`)).statusCode).toBe(404);
    expect(await app().db.$count(fundFees, eq(fundFees.fundId, empty.id))).toBe(0);
    // The trail outlives the fund.
    expect((await trail(`/funds/${empty.id}`))[0]).toMatchObject({ action: 'funds.deleted' });
    expect((await api('DELETE', '/funds/999999')).statusCode).toBe(404);
  });

  it("answers each fund's benefit count as benefits are added, moved to another fund and removed (issue 25)", async () => {
    const [first, second] = [await newFund(), await newFund()];
    const { personId } = await createPerson(app());
    const added = await app()
      .db.insert(benefits)
      .values(
        ['withdrawal', 'retirement', 'surplus'].map((benefitType) => ({
          fundId: first.id,
          personId,
          memberNumber: 'C-1',
          benefitType,
          amountCents: 1_000,
        })),
      )
      .returning({ id: benefits.id });
    const counts = async () => [
      (await api('GET', `/funds/${first.id}`)).json().benefitCount,
      (await api('GET', `/funds/${second.id}`)).json().benefitCount,
    ];
    expect(await counts()).toEqual([3, 0]);
    await app()
      .db.update(benefits)
      .set({ fundId: second.id })
      .where(eq(benefits.id, added[0]?.id as number));
    await app()
      .db.update(benefits)
      .set({ status: 'claimed' })
      .where(eq(benefits.id, added[1]?.id as number));
    expect(await counts()).toEqual([2, 1]);
    await app()
      .db.delete(benefits)
      .where(eq(benefits.id, added[2]?.id as number));
    expect(await counts()).toEqual([1, 1]);
    const listed = (await api('GET', `/funds?pageSize=100`)).json().items;
    expect(listed.find((fund: { id: number }) => fund.id === second.id)?.benefitCount).toBe(1);
  });
});

describe('fees', () => {
  it('adds a percentage fee with VAT on top and a fixed VAT-inclusive one; the member payout uses both', async () => {
    const member = await claimingMember(app(), { amountCents: 345_000 });
    const tracing = await api('POST', `/funds/${member.fundId}/fees`, {
      name: 'Tracing fee',
      kind: 'percentage',
      basisPoints: 250,
      effectiveFrom: '2025-01-01',
    });
    expect(tracing.statusCode).toBe(201);
    expect(tracing.json()).toMatchObject({
      fundId: member.fundId,
      basisPoints: 250,
      amountCents: null,
      vatApplies: true,
      vatInclusive: false,
      effectiveFrom: '2025-01-01',
      effectiveTo: null,
      inEffect: true,
    });
    const admin = await api('POST', `/funds/${member.fundId}/fees`, {
      name: 'Admin fee',
      kind: 'fixed',
      amountCents: 11_500,
      vatInclusive: true,
    });
    expect(admin.statusCode).toBe(201);
    const benefit = await call(app(), 'GET', `/api/app/benefits/${member.benefitId}/benefit`, { token: member.token });
    expect(benefit.json().payout).toEqual({
      grossAmountCents: 345_000,
      fees: [
        {
          name: 'Tracing fee',
          kind: 'percentage',
          basisPoints: 250,
          feeCents: 8_625,
          vatCents: 1_294,
          totalCents: 9_919,
        },
        { name: 'Admin fee', kind: 'fixed', basisPoints: null, feeCents: 10_000, vatCents: 1_500, totalCents: 11_500 },
      ],
      totalFeesCents: 21_419,
      netAmountCents: 323_581,
    });
    const listed = await api('GET', `/funds/${member.fundId}/fees`, undefined, reader.token);
    expect(listed.json().items.map((fee: { name: string }) => fee.name)).toEqual(['Tracing fee', 'Admin fee']);
    const [created] = await trail(`/fees/${tracing.json().id}`);
    expect(created).toMatchObject({ action: 'fees.created', after: expect.objectContaining({ basisPoints: 250 }) });
  });

  it('applies only the fees in effect on the day (effective from / to, South African dates)', async () => {
    const member = await claimingMember(app(), { amountCents: 100_000 });
    const add = (body: object) => api('POST', `/funds/${member.fundId}/fees`, body);
    expect(
      (await add({ name: 'Old', kind: 'fixed', amountCents: 1_000, vatApplies: false, effectiveTo: '2025-12-31' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await add({ name: 'New', kind: 'fixed', amountCents: 2_000, vatApplies: false, effectiveFrom: '2026-01-01' }))
        .statusCode,
    ).toBe(201);
    const on = async (moment: string) =>
      (await calculateFundPayout(app().db, member.fundId, 100_000, new Date(moment))).fees.map((fee) => fee.name);
    expect(await on('2025-12-31T21:59:00Z')).toEqual(['Old']);
    // 22:00 UTC on 31 December is midnight in Johannesburg.
    expect(await on('2025-12-31T22:00:00Z')).toEqual(['New']);
    const future = await add({ name: 'Later', kind: 'fixed', amountCents: 500, effectiveFrom: '2999-01-01' });
    expect(future.json().inEffect).toBe(false);
    const benefit = await call(app(), 'GET', `/api/app/benefits/${member.benefitId}/benefit`, { token: member.token });
    expect(benefit.json().payout.fees.map((fee: { name: string }) => fee.name)).toEqual(['New']);
  });

  it('bad fees are a 422 per field and nothing is stored', async () => {
    const fund = await newFund();
    const before = await app().db.$count(fundFees);
    const post = (body: object) => api('POST', `/funds/${fund.id}/fees`, body);
    const empty = await post({ name: '', kind: 'share' });
    expect(Object.keys(empty.json().errors).sort()).toEqual(['kind', 'name']);
    const percentage = await post({ name: 'P', kind: 'percentage', amountCents: 100 });
    expect(percentage.json().errors).toEqual({
      basisPoints: [FEE_MESSAGES.basisPointsRequired],
      amountCents: [FEE_MESSAGES.notForKind],
    });
    const fixed = await post({
      name: 'F',
      kind: 'fixed',
      amountCents: 0,
      vatApplies: false,
      vatInclusive: true,
      effectiveFrom: '2026-02-01',
      effectiveTo: '2026-01-31',
    });
    expect(Object.keys(fixed.json().errors).sort()).toEqual(['amountCents', 'effectiveTo', 'vatInclusive']);
    expect(
      (await post({ name: 'R', kind: 'percentage', basisPoints: 10_001 })).json().errors.basisPoints,
    ).toBeDefined();
    expect(
      (await post({ name: 'D', kind: 'fixed', amountCents: 5, effectiveFrom: '1 March' })).json().errors.effectiveFrom,
    ).toBeDefined();
    expect(await app().db.$count(fundFees)).toBe(before);
    expect((await api('POST', '/funds/999999/fees', { name: 'X', kind: 'fixed', amountCents: 1 })).statusCode).toBe(
      404,
    );
  });

  it('refuses an overlapping duplicate (same name, any case, overlapping dates); allows back-to-back periods', async () => {
    const fund = await newFund();
    const post = (body: object) =>
      api('POST', `/funds/${fund.id}/fees`, { kind: 'percentage', basisPoints: 250, ...body });
    expect((await post({ name: 'Tracing', effectiveFrom: '2025-01-01', effectiveTo: '2025-12-31' })).statusCode).toBe(
      201,
    );
    const overlap = await post({ name: 'TRACING', effectiveFrom: '2025-12-31' });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().errors.effectiveFrom).toEqual([FEE_MESSAGES.overlap('TRACING')]);
    expect((await post({ name: 'Tracing' })).statusCode).toBe(422);
    const next = await post({ name: 'Tracing', basisPoints: 300, effectiveFrom: '2026-01-01' });
    expect(next.statusCode).toBe(201);
    // Moving the new period back into the old one is refused too.
    const moved = await api('PATCH', `/fees/${next.json().id}`, { effectiveFrom: '2025-06-01' });
    expect(moved.statusCode).toBe(422);
    expect(await app().db.$count(fundFees, eq(fundFees.fundId, fund.id))).toBe(2);
  });

  it('changes a fee checked as a whole; switching kind drops the other figure; deletes; audits both', async () => {
    const fund = await newFund();
    const fee = (
      await api('POST', `/funds/${fund.id}/fees`, { name: 'Admin', kind: 'fixed', amountCents: 5_000 })
    ).json();
    const incomplete = await api('PATCH', `/fees/${fee.id}`, { kind: 'percentage' });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().errors).toEqual({ basisPoints: [FEE_MESSAGES.basisPointsRequired] });
    const changed = await api('PATCH', `/fees/${fee.id}`, { kind: 'percentage', basisPoints: 100, vatApplies: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      kind: 'percentage',
      basisPoints: 100,
      amountCents: null,
      vatApplies: false,
    });
    const [updated] = await trail(`/fees/${fee.id}`);
    expect(updated).toMatchObject({
      action: 'fees.updated',
      before: { kind: 'fixed', basisPoints: null, amountCents: 5_000, vatApplies: true },
      after: { kind: 'percentage', basisPoints: 100, amountCents: null, vatApplies: false },
    });
    expect((await api('DELETE', `/fees/${fee.id}`, undefined, reader.token)).statusCode).toBe(403);
    expect((await api('DELETE', `/fees/${fee.id}`)).statusCode).toBe(200);
    expect((await api('PATCH', `/fees/${fee.id}`, { name: 'Gone' })).statusCode).toBe(404);
    expect((await trail(`/fees/${fee.id}`))[0]).toMatchObject({ action: 'fees.deleted' });
  });

  it("a fee added later shows in the member's payout at once (a reviewed payout then no longer matches, issue 4)", async () => {
    const member = await claimingMember(app(), { amountCents: 200_000 });
    const reviewed = await call(app(), 'GET', `/api/app/benefits/${member.benefitId}/benefit`, { token: member.token });
    await api('POST', `/funds/${member.fundId}/fees`, { name: 'New fee', kind: 'fixed', amountCents: 1_000 });
    const now = await call(app(), 'GET', `/api/app/benefits/${member.benefitId}/benefit`, { token: member.token });
    expect(now.json().payout.netAmountCents).toBe(reviewed.json().payout.netAmountCents - 1_150);
  });
});

describe('fund types and banks (reference data)', () => {
  it('GET fund_types: the seeded kinds of fund; GET banks: South African banks with branch codes', async () => {
    const types = await api('GET', '/fund_types');
    expect(types.statusCode).toBe(200);
    expect(
      types
        .json()
        .items.map((type: { code: string }) => type.code)
        .sort(),
    ).toEqual(FUND_TYPES.map((type) => type.code).sort());
    const banks = await api('GET', '/banks');
    expect(banks.json().total).toBe(SOUTH_AFRICAN_BANKS.length);
    expect(banks.json().items).toContainEqual(
      expect.objectContaining({ name: 'Capitec Bank', universalBranchCode: '470010' }),
    );
    expect((await api('GET', '/fund_types', undefined, reader.token)).statusCode).toBe(403);
  });
});
