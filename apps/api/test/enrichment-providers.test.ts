import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSaIdNumber, ENRICHMENT_LAWFUL_PURPOSE } from '@bcp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdValidationProvider } from '../src/platform/enrichment/id-validation-provider.js';
import { call } from './support/accounts.js';
import { memberOfFund, newFund, recordsOf, rerun } from './support/enrichment.js';
import { createStaff, type Staff } from './support/staff.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 17: step providers other than the sandbox: the local ID check, a bureau over HTTP, none. */
interface BureauCall {
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A bureau gateway on 127.0.0.1: answers by the caller's last name (`Down` 503, `Odd` a bad shape). */
async function startBureau() {
  const calls: BureauCall[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      calls.push({ url: request.url, headers: request.headers, body });
      const answer = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (body.lastName === 'Down') return answer(503, { error: 'maintenance' });
      if (body.lastName === 'Odd') return answer(200, { something: 'else' });
      if (request.url === '/bureau/population-register') {
        return answer(200, {
          reference: 'PR-77',
          costCents: 520,
          found: true,
          deceased: body.lastName === 'Late',
          deceasedOn: body.lastName === 'Late' ? '2025-02-14' : null,
          nameScore: 97,
          blocked: false,
        });
      }
      return answer(200, {
        reference: 'CT-88',
        costCents: 1100,
        candidates: [
          { channel: 'phone', value: '082 444 5555', confidence: 90, source: 'telco' },
          { channel: 'phone', value: 'not a number', confidence: 10, source: 'junk' },
          { channel: 'email', value: ' Found@Example.COM ', confidence: 70, source: 'credit' },
        ],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/bureau/`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('id_validation (local, free)', () => {
  it('invalid with the reason for a bad check digit; valid with a note when the date of birth on record differs', async () => {
    const provider = createIdValidationProvider();
    const good = buildSaIdNumber('1985-03-03', 5123);
    const bad = `${good.slice(0, 12)}${(Number(good[12]) + 1) % 10}`;
    const request = { firstName: 'A', lastName: 'B', dateOfBirth: '1985-03-03', purpose: ENRICHMENT_LAWFUL_PURPOSE };
    expect(await provider.lookUp({ ...request, idNumber: bad })).toMatchObject({
      result: 'invalid',
      details: { reason: 'ID number is not valid (check digit).' },
      costCents: 0,
    });
    expect(await provider.lookUp({ ...request, idNumber: good })).toMatchObject({
      result: 'valid',
      details: { gender: 'male', citizenship: 'citizen', dateOfBirth: '1985-03-03' },
    });
    expect((await provider.lookUp({ ...request, idNumber: good, dateOfBirth: '1985-03-04' })).details.reason).toBe(
      'The date of birth on record differs from the one in the ID number.',
    );
  });
});

describe('a bureau gateway over HTTP (ENRICHMENT_PROVIDER=http)', () => {
  let bureau: Awaited<ReturnType<typeof startBureau>>;
  let testApp: TestApp;
  let staff: Staff;

  beforeAll(async () => {
    bureau = await startBureau();
    testApp = await createTestApp({
      env: {
        ENRICHMENT_PROVIDER: 'http',
        ENRICHMENT_HTTP_BASE_URL: bureau.url,
        ENRICHMENT_HTTP_API_KEY: 'bureau-key-1',
      },
    });
    staff = await createStaff(testApp.app, ['enrichment.read', 'enrichment.run']);
  });
  afterAll(async () => {
    await testApp.close();
    await bureau.close();
  });

  it('sends the person and the lawful purpose with the key; records its reference, cost and answer', async () => {
    const app = testApp.app;
    const fundId = await newFund(app, 'Bureau Fund');
    const alive = await memberOfFund(app, fundId, '10', { lastName: 'Here' });
    const late = await memberOfFund(app, fundId, '11', { lastName: 'Late' });
    const down = await memberOfFund(app, fundId, '12', { lastName: 'Down' });
    const odd = await memberOfFund(app, fundId, '13', { lastName: 'Odd' });
    const kinds = await call(app, 'GET', `/api/v1/funds/${fundId}/enrichment-steps/steps`, { token: staff.token });
    expect(kinds.json().items.map((kind: { provider: string }) => kind.provider)).toEqual(['local', 'http', 'http']);

    await rerun(app, staff.token, fundId, { step: 'population_register', scope: 'all' });
    const first = bureau.calls[0] as BureauCall;
    expect(first.headers.authorization).toBe('Bearer bureau-key-1');
    expect(first.body).toMatchObject({
      idNumber: alive.idNumber,
      lastName: 'Here',
      purpose: ENRICHMENT_LAWFUL_PURPOSE,
    });
    const register = (await recordsOf(app, staff.token, fundId, 'filter[step]=population_register')).items;
    const byPerson = (personId: number) =>
      register.find((item: { person: { id: number } }) => item.person.id === personId);
    expect(byPerson(alive.personId)).toMatchObject({
      status: 'completed',
      result: 'alive',
      provider: 'http',
      providerReference: 'PR-77',
      costCents: 520,
      details: { nameScore: 97, blocked: false, deceasedOn: null },
    });
    expect(byPerson(late.personId)).toMatchObject({ result: 'deceased', details: { deceasedOn: '2025-02-14' } });
    expect(byPerson(down.personId)).toMatchObject({
      status: 'failed',
      failureReason: 'The bureau refused the look-up (HTTP 503).',
    });
    expect(byPerson(odd.personId)).toMatchObject({
      status: 'failed',
      failureReason: 'The bureau answered in a shape we do not read.',
    });

    await rerun(app, staff.token, fundId, { step: 'contact_trace', scope: 'selected', personIds: [alive.personId] });
    const trace = (await recordsOf(app, staff.token, fundId, 'filter[step]=contact_trace')).items;
    // Numbers in E.164, emails lower-case; what outreach could not send to is dropped.
    expect(trace[0]).toMatchObject({
      result: 'found',
      providerReference: 'CT-88',
      details: {
        candidates: [
          { channel: 'phone', value: '+27824445555', confidence: 90, source: 'telco' },
          { channel: 'email', value: 'found@example.com', confidence: 70, source: 'credit' },
        ],
      },
    });
  });
});

describe('no provider (ENRICHMENT_PROVIDER=none)', () => {
  it('records the bureau look-ups as failed, naming why; the ID check still runs', async () => {
    const testApp = await createTestApp({ env: { ENRICHMENT_PROVIDER: 'none' } });
    try {
      const app = testApp.app;
      const staff = await createStaff(app, ['enrichment.read', 'enrichment.run']);
      const fundId = await newFund(app, 'Unserved Fund');
      await memberOfFund(app, fundId, '20');
      const run = await rerun(app, staff.token, fundId, { step: 'population_register', scope: 'all' });
      expect(run).toMatchObject({ done: 1, failed: 1, costCents: 0 });
      const { items } = await recordsOf(app, staff.token, fundId, 'filter[step]=population_register');
      expect(items[0]).toMatchObject({
        status: 'failed',
        provider: null,
        failureReason: 'No provider is configured for this step in this environment.',
      });
      expect((await rerun(app, staff.token, fundId, { step: 'id_validation', scope: 'all' })).failed).toBe(0);
    } finally {
      await testApp.close();
    }
  });
});
