import { ACCOUNT_TYPE_MESSAGES, BANK_ACCOUNT_TYPES } from '@bcp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTypes } from '../src/db/schema/index.js';
import { DEMO_FUND } from '../src/modules/file-uploads/demo/seed-demo-data.js';
import { configureDemoFund } from '../src/modules/funds/demo-fund.js';
import { calculateFundPayout } from '../src/modules/funds/fund-fees.service.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { seedDemoPartnerIfNone } from '../src/modules/partners/demo-partner.js';
import { authenticatePartnerApiKey } from '../src/modules/partners/partner-api-keys.service.js';
import { listFundProcessSteps } from '../src/modules/process-steps/process-steps.service.js';
import { call } from './support/accounts.js';
import { addBankAccount, claimingMember } from './support/claims.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 8 "Reference lists" (account types, historic accounts) and the demo data. */
let testApp: TestApp;
let staff: Staff;
let reader: Staff;
const app = () => testApp.app;

beforeAll(async () => {
  testApp = await createTestApp();
  staff = await createStaff(app(), [
    'account-types.read',
    'account-types.write',
    'audits.read',
    'historic-accounts.read',
  ]);
  reader = await createStaff(app(), ['account-types.read']);
});
afterAll(async () => testApp.close());

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, token = staff.token) =>
  call(app(), method, `/api/v1${url}`, { token, ...(body === undefined ? {} : { body }) });

describe('account types', () => {
  it("are seeded with the member app's codes", async () => {
    const response = await api('GET', '/account_types?sort[]=code:asc', undefined, reader.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((type: { code: string }) => type.code)).toEqual([...BANK_ACCOUNT_TYPES]);
    expect(
      response.json().items.every((type: { builtIn: boolean; active: boolean }) => type.builtIn && type.active),
    ).toBe(true);
  });

  it('creates (code upper-cased), changes the label and active flag, deletes; audits each', async () => {
    const created = await api('POST', '/account_types', { code: 'bond', label: 'Bond account' });
    expect(created.statusCode).toBe(201);
    const type = created.json();
    expect(type).toMatchObject({ code: 'BOND', label: 'Bond account', active: true, builtIn: false });
    const changed = await api('PATCH', `/account_types/${type.id}`, { label: 'Home loan account', active: false });
    expect(changed.json()).toMatchObject({ code: 'BOND', label: 'Home loan account', active: false });
    expect((await api('GET', '/account_types?filter[active]=false')).json().items).toEqual([changed.json()]);
    expect((await api('DELETE', `/account_types/${type.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/account_types/${type.id}`)).statusCode).toBe(404);
    const trail = (await api('GET', `/account_types/${type.id}/audits`)).json().items;
    expect(trail.map((row: { action: string }) => row.action)).toEqual([
      'account-types.deleted',
      'account-types.updated',
      'account-types.created',
    ]);
    expect(trail[1]).toMatchObject({
      before: { label: 'Bond account', active: true },
      after: { label: 'Home loan account', active: false },
    });
  });

  it('bad input is a 422 per field and creates nothing', async () => {
    const before = await app().db.$count(accountTypes);
    const response = await api('POST', '/account_types', { code: '1-x', label: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ code: [ACCOUNT_TYPE_MESSAGES.code], label: ['Field is required'] });
    const taken = await api('POST', '/account_types', { code: 'savings', label: 'Another savings' });
    expect(taken.json().errors).toEqual({ code: [ACCOUNT_TYPE_MESSAGES.codeTaken] });
    expect(await app().db.$count(accountTypes)).toBe(before);
    expect((await api('POST', '/account_types', { code: 'NEW', label: 'New' }, reader.token)).statusCode).toBe(403);
  });

  it('refuses to delete a built-in type (409): deactivate instead', async () => {
    const cheque = (await api('GET', '/account_types?q=cheque')).json().items[0];
    const response = await api('DELETE', `/account_types/${cheque.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(ACCOUNT_TYPE_MESSAGES.builtIn);
    expect((await api('GET', `/account_types/${cheque.id}`)).statusCode).toBe(200);
  });

  it('serves the create and edit forms (the code is read-only when editing)', async () => {
    const create = await api('GET', '/account_types/create');
    expect(create.json()).toEqual({
      fields: [
        expect.objectContaining({ name: 'code', type: 'text', required: true, readOnly: false }),
        expect.objectContaining({ name: 'label', type: 'text', required: true }),
        expect.objectContaining({ name: 'active', type: 'checkbox' }),
      ],
      values: { code: '', label: '', active: true },
    });
    const savings = (await api('GET', '/account_types?q=savings')).json().items[0];
    const edit = await api('GET', `/account_types/${savings.id}/edit`);
    expect(edit.json().fields[0].readOnly).toBe(true);
    expect(edit.json().values).toEqual({ code: 'SAVINGS', label: 'Savings account', active: true });
  });
});

describe('historic accounts', () => {
  it('lists the bank accounts recorded for persons, numbers masked, filterable; never a full number', async () => {
    const member = await claimingMember(app());
    const accountId = await addBankAccount(app(), member, '62001234567');
    const response = await api('GET', `/historic-accounts?filter[personUserId]=${member.personUserId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ pageSize: 25, nextCursor: null });
    expect(response.json().items).toHaveLength(1);
    expect(response.json().items[0]).toMatchObject({
      id: accountId,
      person: { personUserId: member.personUserId, idNumberMasked: expect.stringMatching(/^\*+\d{4}$/) },
      bank: { name: 'Absa Bank', universalBranchCode: '632005' },
      accountType: 'SAVINGS',
      accountNumberMasked: '******4567',
      holderName: 'T Mokoena',
      source: 'member',
      removed: false,
    });
    expect(response.body).not.toContain('62001234567');
    expect(response.body).not.toContain(member.idNumber);
    const byLast4 = await api('GET', '/historic-accounts?filter[last4]=4567&q=mokoena');
    expect(byLast4.json().items.map((item: { id: number }) => item.id)).toContain(accountId);
    expect((await api('GET', '/historic-accounts?filter[last4]=45')).statusCode).toBe(422);
    expect((await api('GET', '/historic-accounts', undefined, reader.token)).statusCode).toBe(403);
  });

  it('pages by cursor, newest first, with no OFFSET and no count (issue 15 item 5)', async () => {
    const member = await claimingMember(app());
    const ids = [
      await addBankAccount(app(), member, '62001230001'),
      await addBankAccount(app(), member, '62001230002'),
      await addBankAccount(app(), member, '62001230003'),
    ];
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `filter[personUserId]=${member.personUserId}&pageSize=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await api('GET', `/historic-accounts?${query}`);
      expect(page.statusCode).toBe(200);
      expect(page.json()).not.toHaveProperty('total');
      seen.push(...page.json().items.map((item: { id: number }) => item.id));
      cursor = page.json().nextCursor;
      pages += 1;
    } while (cursor && pages < 5);
    expect(seen).toEqual([...ids].sort((a, b) => b - a));
    expect(pages).toBe(2);
    const oldest = await api('GET', `/historic-accounts?filter[personUserId]=${member.personUserId}&sort=id:asc`);
    expect(oldest.json().items.map((item: { id: number }) => item.id)).toEqual([...ids].sort((a, b) => a - b));
    const forged = await api('GET', '/historic-accounts?cursor=not-a-cursor');
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors.cursor).toEqual(['This cursor is not valid. Start again from the first page.']);
  });
});

describe('demo data (development)', () => {
  it('the demo fund has a fund type, a 2.5% + VAT tracing fee (Zanele: R3,450.00 -> R3,350.81) and process steps', async () => {
    const fund = await createFund(app().db, DEMO_FUND);
    await configureDemoFund(app().db, fund.id);
    const payout = await calculateFundPayout(app().db, fund.id, 345_000);
    expect(payout).toEqual({
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
      ],
      totalFeesCents: 9_919,
      netAmountCents: 335_081,
    });
    const steps = await listFundProcessSteps(app().db, fund.id);
    expect(steps.usesDefault).toBe(false);
    expect(steps.items.map((step) => step.kind)).toContain('tax-directive');

    const log = { warn: (object: Record<string, unknown>, message: string) => logged.push({ ...object, message }) };
    const logged: Record<string, unknown>[] = [];
    expect(await seedDemoPartnerIfNone(app().db, log as never, DEMO_FUND.registrationNumber)).toBe(true);
    expect(await seedDemoPartnerIfNone(app().db, log as never, DEMO_FUND.registrationNumber)).toBe(false);
    expect(logged).toHaveLength(1);
    const identity = await authenticatePartnerApiKey(app().db, logged[0]?.apiKey as string);
    expect(identity).toMatchObject({ fundIds: [fund.id] });
    const partnerFund = await call(app(), 'GET', `/api/v1/funds/${fund.id}`, {
      token: (await createStaff(app(), ['funds.read'])).token,
    });
    expect(partnerFund.json()).toMatchObject({
      fundType: { code: 'pension' },
      administrator: { name: 'Demo Fund Administrators (Pty) Ltd' },
    });
  });
});
