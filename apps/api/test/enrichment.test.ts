import {
  DEFAULT_ENRICHMENT_STEPS,
  ENRICHMENT_LAWFUL_PURPOSE,
  ENRICHMENT_MESSAGES,
  ENRICHMENT_STEP_KINDS,
} from '@bcp/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { benefits, contactCandidates, enrichmentRecords, persons } from '../src/db/schema/index.js';
import {
  SANDBOX_DATE_OF_DEATH,
  SANDBOX_DIGITS,
  sandboxTracedEmail,
  sandboxTracedPhone,
} from '../src/platform/enrichment/sandbox-step-providers.js';
import { call } from './support/accounts.js';
import { memberOfFund, newFund, recordsOf, rerun } from './support/enrichment.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, PRODUCTION_ENV, type TestApp } from './support/test-app.js';

/** Issue 17 "Steps": a fund's enrichment steps, each sandbox outcome, reuse and expiry, reruns, s37C. */
let testApp: TestApp;
let staff: Staff;
let reader: Staff;
const app = () => testApp.app;
const stepsUrl = (fundId: number) => `/api/v1/funds/${fundId}/enrichment-steps`;

beforeAll(async () => {
  testApp = await createTestApp();
  staff = await createStaff(app(), ['enrichment.read', 'enrichment.write', 'enrichment.run', 'audits.read']);
  reader = await createStaff(app(), ['enrichment.read']);
});
afterAll(async () => testApp.close());

type RecordItem = {
  person: { id: number; lastName?: string };
  step: string;
  status: string;
  result: string | null;
} & Record<string, unknown>;
const recordFor = (items: RecordItem[], personId: number, step: string) =>
  items.find((item) => item.person.id === personId && item.step === step) as RecordItem;

describe('enrichment steps of a fund', () => {
  it('GET .../steps lists each kind with what it needs, costs and its provider here', async () => {
    const fundId = await newFund(app());
    const response = await call(app(), 'GET', `${stepsUrl(fundId)}/steps`, { token: reader.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual(
      ENRICHMENT_STEP_KINDS.map((step) => ({
        kind: step.kind,
        label: step.label,
        description: step.description,
        needs: [...step.needs],
        costCents: step.costCents,
        validDays: step.kind === 'population_register' ? 90 : step.kind === 'contact_trace' ? 30 : step.validDays,
        provider: step.kind === 'id_validation' ? 'local' : 'sandbox',
      })),
    );
  });

  it('GET uses the default; POST sets the list in order (audited); DELETE goes back to the default', async () => {
    const fundId = await newFund(app());
    const initial = await call(app(), 'GET', stepsUrl(fundId), { token: reader.token });
    expect(initial.json()).toMatchObject({ usesDefault: true, total: 3 });
    expect(initial.json().items.map((step: { kind: string }) => step.kind)).toEqual([...DEFAULT_ENRICHMENT_STEPS]);

    const set = await call(app(), 'POST', stepsUrl(fundId), {
      token: staff.token,
      body: { steps: [{ kind: 'contact_trace' }, { kind: 'id_validation' }] },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      usesDefault: false,
      items: [
        { id: expect.any(Number), position: 1, kind: 'contact_trace', label: 'Contact trace' },
        { id: expect.any(Number), position: 2, kind: 'id_validation', label: 'ID number validation' },
      ],
    });
    const trail = await call(app(), 'GET', `/api/v1/funds/${fundId}/audits`, { token: staff.token });
    expect(trail.json().items[0]).toMatchObject({
      action: 'funds.enrichment_steps_set',
      after: { steps: ['contact_trace', 'id_validation'] },
    });

    const reset = await call(app(), 'DELETE', stepsUrl(fundId), { token: staff.token });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().usesDefault).toBe(true);
  });

  it('bad lists are a 422 per field and change nothing; unknown funds 404; readers cannot change them', async () => {
    const fundId = await newFund(app());
    const duplicate = await call(app(), 'POST', stepsUrl(fundId), {
      token: staff.token,
      body: { steps: [{ kind: 'id_validation' }, { kind: 'id_validation' }] },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({ 'steps.1.kind': [ENRICHMENT_MESSAGES.duplicate] });
    const unknown = await call(app(), 'POST', stepsUrl(fundId), {
      token: staff.token,
      body: { steps: [{ kind: 'bank_verification' }] },
    });
    expect(Object.keys(unknown.json().errors)).toEqual(['steps.0.kind']);
    expect((await call(app(), 'GET', stepsUrl(fundId), { token: reader.token })).json().usesDefault).toBe(true);
    expect((await call(app(), 'GET', stepsUrl(999_999), { token: reader.token })).statusCode).toBe(404);
    const byReader = await call(app(), 'DELETE', stepsUrl(fundId), { token: reader.token });
    expect(byReader.statusCode).toBe(403);
  });
});

describe('sandbox outcomes, recorded per person and step', () => {
  it('population register: alive, deceased with its date, blocked, not on the register, names differ, unavailable', async () => {
    const fundId = await newFund(app());
    const alive = await memberOfFund(app(), fundId, '10');
    const deceased = await memberOfFund(app(), fundId, SANDBOX_DIGITS.deceased);
    const blocked = await memberOfFund(app(), fundId, SANDBOX_DIGITS.blocked);
    const missing = await memberOfFund(app(), fundId, SANDBOX_DIGITS.notOnRegister);
    const differ = await memberOfFund(app(), fundId, SANDBOX_DIGITS.namesDiffer);
    const down = await memberOfFund(app(), fundId, SANDBOX_DIGITS.registerUnavailable);

    const run = await rerun(app(), staff.token, fundId, { step: 'population_register', scope: 'all' });
    expect(run).toMatchObject({ status: 'completed', total: 6, done: 6, reused: 0, failed: 1, costCents: 5 * 450 });
    const { items } = await recordsOf(app(), reader.token, fundId, 'filter[step]=population_register');
    expect(recordFor(items, alive.personId, 'population_register')).toMatchObject({
      status: 'completed',
      result: 'alive',
      details: { deceasedOn: null, nameScore: 100, blocked: false },
      provider: 'sandbox',
      providerReference: expect.stringMatching(/^sbx-pr-/),
      costCents: 450,
      lawfulPurpose: ENRICHMENT_LAWFUL_PURPOSE,
      checkedAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(recordFor(items, deceased.personId, 'population_register')).toMatchObject({
      result: 'deceased',
      details: { deceasedOn: SANDBOX_DATE_OF_DEATH },
    });
    expect(recordFor(items, blocked.personId, 'population_register')).toMatchObject({
      result: 'blocked',
      details: { blocked: true },
    });
    expect(recordFor(items, missing.personId, 'population_register').result).toBe('not_found');
    expect(recordFor(items, differ.personId, 'population_register')).toMatchObject({
      result: 'alive',
      details: { nameScore: 40 },
    });
    expect(recordFor(items, down.personId, 'population_register')).toMatchObject({
      status: 'failed',
      result: null,
      failureReason: 'The population register did not answer (sandbox).',
      costCents: 0,
      expiresAt: null,
    });
    // The list filters by status and result, in the one envelope; ID numbers are masked.
    const failed = await recordsOf(app(), reader.token, fundId, 'filter[status]=failed');
    expect(failed).toMatchObject({ total: 1, page: 1, totalPages: 1 });
    const dead = await recordsOf(app(), reader.token, fundId, 'filter[result]=deceased');
    expect(dead.items.map((item: RecordItem) => item.person.id)).toEqual([deceased.personId]);
    expect(dead.items[0].person.idNumberMasked).toBe(`*********${deceased.idNumber.slice(-4)}`);
    expect(JSON.stringify(dead)).not.toContain(deceased.idNumber);
  });

  it('contact trace: phone and email as candidates, email only, nothing found, unavailable; never over what was given', async () => {
    const fundId = await newFund(app());
    const both = await memberOfFund(app(), fundId, '20', {
      firstName: 'Sipho',
      lastName: 'Dube',
      email: 'own@example.com',
    });
    const emailOnly = await memberOfFund(app(), fundId, SANDBOX_DIGITS.emailOnly, {
      firstName: 'Ann',
      lastName: 'Lee',
    });
    const nothing = await memberOfFund(app(), fundId, SANDBOX_DIGITS.nothingTraced);
    const down = await memberOfFund(app(), fundId, SANDBOX_DIGITS.traceUnavailable);

    const run = await rerun(app(), staff.token, fundId, { step: 'contact_trace', scope: 'all' });
    expect(run).toMatchObject({ status: 'completed', total: 4, failed: 1, costCents: 3 * 1200 });
    const { items } = await recordsOf(app(), reader.token, fundId, 'filter[step]=contact_trace');
    expect(recordFor(items, both.personId, 'contact_trace')).toMatchObject({
      result: 'found',
      details: {
        candidates: [
          { channel: 'phone', value: sandboxTracedPhone(both.idNumber), confidence: 80, source: 'telco' },
          {
            channel: 'email',
            value: sandboxTracedEmail({ idNumber: both.idNumber, firstName: 'Sipho', lastName: 'Dube' }),
            confidence: 65,
            source: 'credit-application',
          },
        ],
      },
    });
    expect(recordFor(items, emailOnly.personId, 'contact_trace').details).toEqual({
      candidates: [expect.objectContaining({ channel: 'email' })],
    });
    expect(recordFor(items, nothing.personId, 'contact_trace')).toMatchObject({
      result: 'not_found',
      details: { candidates: [] },
    });
    expect(recordFor(items, down.personId, 'contact_trace').status).toBe('failed');

    const candidates = await app()
      .db.select({ channel: contactCandidates.channel, value: contactCandidates.value })
      .from(contactCandidates)
      .where(eq(contactCandidates.personId, both.personId));
    expect(candidates).toHaveLength(2);
    // What the fund gave stays as it was: candidates sit beside it.
    const [person] = await app().db.select().from(persons).where(eq(persons.id, both.personId));
    expect(person).toMatchObject({ email: 'own@example.com', phoneNumber: null });
  });

  it('id validation: valid with what the number says (local, free)', async () => {
    const fundId = await newFund(app());
    const member = await memberOfFund(app(), fundId, '30');
    await rerun(app(), staff.token, fundId, { step: 'id_validation', scope: 'all' });
    const { items } = await recordsOf(app(), reader.token, fundId, 'filter[step]=id_validation');
    expect(recordFor(items, member.personId, 'id_validation')).toMatchObject({
      status: 'completed',
      result: 'valid',
      provider: 'local',
      costCents: 0,
      details: { gender: 'female', citizenship: 'citizen' },
    });
  });

  it("GET .../records pages in the list's order: each page continues the last, with its person (decision 082)", async () => {
    const fundId = await newFund(app());
    const members = [];
    for (const digits of ['10', '11', '12']) {
      members.push(await memberOfFund(app(), fundId, digits, { lastName: `Pager${fundId}` }));
    }
    await rerun(app(), staff.token, fundId, { step: 'id_validation', scope: 'all' });
    await rerun(app(), staff.token, fundId, { step: 'population_register', scope: 'all' });
    const url = `/api/v1/funds/${fundId}/enrichment-steps/records`;
    const pageOf = async (query: string) => {
      const response = await call(app(), 'GET', `${url}?${query}`, { token: reader.token });
      expect(response.statusCode).toBe(200);
      return response.json() as { items: RecordItem[]; total: number; totalPages: number };
    };
    for (const base of ['sort=step:desc', 'sort=id:asc', `q=Pager${fundId}&sort=step:asc`]) {
      const whole = await pageOf(`${base}&pageSize=100`);
      expect(whole.total).toBe(6);
      const keys = whole.items.map((item) => `${item.step}:${String(item.id).padStart(12, '0')}`);
      const [field, direction] = base.slice(base.indexOf('sort=') + 5).split(':');
      const sorted = [...keys].sort();
      // Ordered by the field, then by id the same way (list-page's tie-breaker).
      if (field === 'step') expect(keys).toEqual(direction === 'asc' ? sorted : sorted.reverse());
      else
        expect(whole.items.map((item) => item.id)).toEqual(
          [...whole.items.map((item) => item.id)].sort((a, b) => Number(a) - Number(b)),
        );
      const paged: RecordItem[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const part = await pageOf(`${base}&pageSize=2&page=${page}`);
        expect(part).toMatchObject({ total: 6, totalPages: 3 });
        paged.push(...part.items);
      }
      expect(paged).toEqual(whole.items);
    }
    const ours = new Set(members.map((member) => member.personId));
    const { items } = await pageOf('sort=id:asc&pageSize=100');
    expect(items.every((item) => ours.has(item.person.id) && item.person.lastName === `Pager${fundId}`)).toBe(true);
    expect(await pageOf('sort=id:asc&pageSize=2&page=4')).toMatchObject({ items: [], total: 6 });
  });
});

describe('deceased members (Pension Funds Act s37C)', () => {
  it('flags their benefits for the dependants process, skips their contact trace, and staff see the flag', async () => {
    const fundId = await newFund(app());
    const deceased = await memberOfFund(app(), fundId, SANDBOX_DIGITS.deceased);
    const run = await rerun(app(), staff.token, fundId, { step: 'population_register', scope: 'all' });
    expect(run.status).toBe('completed');
    const [person] = await app().db.select().from(persons).where(eq(persons.id, deceased.personId));
    expect(person?.deceasedOn).toBe(SANDBOX_DATE_OF_DEATH);
    const [benefit] = await app().db.select().from(benefits).where(eq(benefits.personId, deceased.personId));
    expect(benefit?.dependantsProcessAt).toBeInstanceOf(Date);

    const trace = await rerun(app(), staff.token, fundId, { step: 'contact_trace', scope: 'all' });
    expect(trace.costCents).toBe(0);
    const { items } = await recordsOf(app(), reader.token, fundId, 'filter[step]=contact_trace');
    expect(recordFor(items, deceased.personId, 'contact_trace')).toMatchObject({
      result: 'not_found',
      details: { skipped: 'deceased' },
    });

    const admin = await createStaff(app(), ['benefits.read']);
    const list = await call(app(), 'GET', `/api/v1/benefits?filter[fundId]=${fundId}`, { token: admin.token });
    expect(list.json().items[0]).toMatchObject({ id: benefit?.id, dependantsProcessAt: expect.any(String) });
  });
});

describe('reruns and their progress', () => {
  it('scope failed looks up only those that failed; scope selected only the persons named, of this fund', async () => {
    const fundId = await newFund(app());
    const fine = await memberOfFund(app(), fundId, '40');
    const down = await memberOfFund(app(), fundId, SANDBOX_DIGITS.registerUnavailable);
    const otherFund = await newFund(app());
    const stranger = await memberOfFund(app(), otherFund, '41');
    await rerun(app(), staff.token, fundId, { step: 'population_register', scope: 'all' });

    const failedOnly = await rerun(app(), staff.token, fundId, { step: 'population_register', scope: 'failed' });
    expect(failedOnly).toMatchObject({ scope: 'failed', total: 1, done: 1, failed: 1 });

    const selected = await rerun(app(), staff.token, fundId, {
      step: 'population_register',
      scope: 'selected',
      personIds: [fine.personId, stranger.personId],
    });
    // A rerun looks up again although the result is still valid; the other fund's person is not touched.
    expect(selected).toMatchObject({ total: 1, done: 1, reused: 0, costCents: 450 });
    expect(await app().db.$count(enrichmentRecords, eq(enrichmentRecords.personId, stranger.personId))).toBe(0);
    const { items } = await recordsOf(app(), reader.token, fundId, 'filter[status]=failed');
    expect(items.map((item: RecordItem) => item.person.id)).toEqual([down.personId]);

    const trail = await call(app(), 'GET', `/api/v1/funds/${fundId}/audits`, { token: staff.token });
    expect(trail.json().items[0]).toMatchObject({
      action: 'funds.enrichment_rerun',
      after: { steps: ['population_register'], scope: 'selected', persons: 2 },
    });
  });

  it('refuses a bad rerun with 422 per field, a step the fund does not run with 409, and changes nothing', async () => {
    const fundId = await newFund(app());
    await memberOfFund(app(), fundId, '50');
    const url = `${stepsUrl(fundId)}/rerun`;
    const noPersons = await call(app(), 'POST', url, {
      token: staff.token,
      body: { step: 'contact_trace', scope: 'selected' },
    });
    expect(noPersons.statusCode).toBe(422);
    expect(noPersons.json().errors).toEqual({ personIds: [ENRICHMENT_MESSAGES.selectedNeedsPersons] });
    const stray = await call(app(), 'POST', url, {
      token: staff.token,
      body: { step: 'contact_trace', scope: 'all', personIds: [1] },
    });
    expect(stray.json().errors).toEqual({ personIds: [ENRICHMENT_MESSAGES.personsOnlyWhenSelected] });
    const badScope = await call(app(), 'POST', url, {
      token: staff.token,
      body: { step: 'contact_trace', scope: 'some' },
    });
    expect(Object.keys(badScope.json().errors)).toEqual(['scope']);

    await call(app(), 'POST', stepsUrl(fundId), { token: staff.token, body: { steps: [{ kind: 'id_validation' }] } });
    const notRun = await call(app(), 'POST', url, {
      token: staff.token,
      body: { step: 'contact_trace', scope: 'all' },
    });
    expect(notRun.statusCode).toBe(409);
    expect(notRun.json().message).toBe(ENRICHMENT_MESSAGES.stepNotInFund);
    const runs = await call(app(), 'GET', `/api/v1/file-uploads/enrichments?filter[fundId]=${fundId}`, {
      token: reader.token,
    });
    expect(runs.json().total).toBe(0);
    // Reruns need their own permission: readers may not spend money on look-ups.
    const byReader = await call(app(), 'POST', url, {
      token: reader.token,
      body: { step: 'id_validation', scope: 'all' },
    });
    expect(byReader.statusCode).toBe(403);
  });

  it('a run of another fund is a 404', async () => {
    const fundId = await newFund(app());
    await memberOfFund(app(), fundId, '60');
    const run = await rerun(app(), staff.token, fundId, { step: 'id_validation', scope: 'all' });
    const otherFund = await newFund(app());
    const response = await call(app(), 'GET', `${stepsUrl(otherFund)}/runs/${run.id}`, { token: reader.token });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(ENRICHMENT_MESSAGES.runNotFound);
  });
});

describe('configuration of the step providers', () => {
  it('the sandbox is refused in production, where the bureau steps have no provider unless configured', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, ENRICHMENT_PROVIDER: 'sandbox' })).toThrow(
      'ENRICHMENT_PROVIDER: the sandbox provider is not allowed in production',
    );
    expect(loadConfig(PRODUCTION_ENV).enrichment.provider).toBe('none');
    expect(() => loadConfig({ ENRICHMENT_PROVIDER: 'http' })).toThrow(
      'ENRICHMENT_HTTP_BASE_URL: is required when ENRICHMENT_PROVIDER is http; ENRICHMENT_HTTP_API_KEY: is required when ENRICHMENT_PROVIDER is http',
    );
    expect(loadConfig({ NODE_ENV: 'development' }).enrichment).toEqual({
      provider: 'sandbox',
      populationRegisterDays: 90,
      contactTraceDays: 30,
    });
  });
});
