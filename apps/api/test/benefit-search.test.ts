import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSaIdNumber, SA_ID_NUMBER_MESSAGES } from '@bcp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBERS, generateMemberFile } from '../src/modules/file-uploads/demo/generate-member-file.js';
import { importFileAsSystem } from '../src/modules/file-uploads/system-import.service.js';
import { createFund } from '../src/modules/funds/funds.service.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ env: { BENEFIT_SEARCH_LIMIT_PER_HOUR: '8' } });
  const fund = await createFund(testApp.app.db, { name: 'Search Fund', registrationNumber: '12/8/900' });
  const path = join(testApp.config.dataDir, 'm.csv');
  writeFileSync(path, generateMemberFile({ seed: 1, members: 20 }));
  await importFileAsSystem(
    { db: testApp.app.db, files: testApp.app.files },
    { fundId: fund.id, type: 'member_file', path },
  );
});
afterAll(async () => testApp.close());

const search = (idNumber: string, ip = '10.1.1.1') =>
  testApp.app.inject({
    method: 'GET',
    url: `/api/app/benefits/idNumber?idNumber=${encodeURIComponent(idNumber)}`,
    remoteAddress: ip,
  });

describe('GET /api/app/benefits/idNumber (anonymous search)', () => {
  it('answers only the count of unclaimed benefits for a known ID number', async () => {
    const nomsa = DEMO_MEMBERS[0]?.id_number as string;
    const response = await search(nomsa);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ totalBenefits: 2 });
    expect(response.body).not.toMatch(/Nomsa|Dlamini|12480|Demo/);
  });

  it('answers the same shape for an ID number with no benefits', async () => {
    const response = await search(buildSaIdNumber('1991-05-05', 5555), '10.1.1.2');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ totalBenefits: 0 });
  });

  it.each([
    ['too short', '80010150090', SA_ID_NUMBER_MESSAGES.length],
    ['letters', '80010150090A7', SA_ID_NUMBER_MESSAGES.digits],
    ['an impossible date', '8002305009087', SA_ID_NUMBER_MESSAGES.date],
    ['a bad check digit', '8001015009088', SA_ID_NUMBER_MESSAGES.checksum],
  ])('refuses a malformed ID number (%s) with 422 before any lookup', async (_case, idNumber, message) => {
    const response = await search(idNumber, '10.1.1.3');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ idNumber: [message] });
  });

  it('throttles per IP (configurable), 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 9; index += 1)
      statuses.push((await search(buildSaIdNumber('1970-01-01', index), '10.1.1.9')).statusCode);
    expect(statuses.slice(0, 8).every((status) => status === 200)).toBe(true);
    const limited = await search(buildSaIdNumber('1970-01-01', 99), '10.1.1.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await search(buildSaIdNumber('1970-01-01', 98), '10.1.1.10')).statusCode).toBe(200);
  });
});
