import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../../../scripts/lib/time-scale.mjs';
import { demoClaimMembers, runDemoClaim } from '../src/modules/file-uploads/demo/demo-claim.js';
import { seedDemoData } from '../src/modules/file-uploads/demo/seed-all-demo-data.js';
import { demoPartnerKeyPath } from '../src/platform/messaging/demo-partner-key.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Every 13-digit number written in the browser journeys' files (their members' ID numbers). */
function journeyIdNumbers(): Set<string> {
  const numbers = new Set<string>();
  for (const folder of ['apps/web/e2e', 'apps/admin/e2e']) {
    for (const file of readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file)) continue;
      for (const match of readFileSync(join(ROOT, folder, file), 'utf8').matchAll(/\b\d{13}\b/g)) {
        numbers.add(match[0]);
      }
    }
  }
  return numbers;
}

/**
 * `npm run demo:claim` (issue 39 item 5): against a real server holding the demo data, it makes a
 * submitted claim through the member API over HTTP, and the demo partner key sees it.
 */
describe('npm run demo:claim', () => {
  let testApp: TestApp;
  let demoKey: string;
  beforeAll(async () => {
    testApp = await createTestApp({ listen: true });
    const { app, config } = testApp;
    await seedDemoData(app.db, config.dataDir, app.files, app.log);
    demoKey = readFileSync(demoPartnerKeyPath(config.dataDir), 'utf8').trim();
  }, scaled(180_000));
  afterAll(async () => testApp?.close());

  /** The demo fund's claims as the demo partner key lists them (`/api/v2`, status submitted). */
  async function submittedForDemoPartner(): Promise<{ id: number; status: string; fund: { name: string } }[]> {
    const response = await fetch(`${testApp.baseUrl}/api/v2/benefitclaim/getlist`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demoKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'submitted', pageSize: 100 }),
    });
    expect(response.status).toBe(200);
    return (await response.json()).items;
  }

  it(
    'leaves a submitted claim on the demo fund that the demo partner key lists; a second run claims for another member',
    async () => {
      expect(await submittedForDemoPartner()).toEqual([]);
      const first = await runDemoClaim(testApp.baseUrl as string);
      expect(first.status).toBe('submitted');
      expect(first.claimId).toBeGreaterThan(0);
      expect(await submittedForDemoPartner()).toEqual([
        expect.objectContaining({
          id: first.claimId,
          status: 'submitted',
          fund: expect.objectContaining({ name: 'Demo Retirement Fund' }),
        }),
      ]);

      const second = await runDemoClaim(testApp.baseUrl as string);
      expect(second.member.idNumber).not.toBe(first.member.idNumber);
      expect((await submittedForDemoPartner()).map((claim) => claim.id).sort()).toEqual(
        [first.claimId, second.claimId].sort(),
      );
    },
    scaled(120_000),
  );

  it('says so when no server answers at the base URL', async () => {
    await expect(runDemoClaim('http://127.0.0.1:9')).rejects.toThrow(/no server at http:\/\/127\.0\.0\.1:9/);
  });

  it('never takes a member the browser journeys use', () => {
    const members = demoClaimMembers();
    expect(members.length).toBeGreaterThanOrEqual(20);
    const used = journeyIdNumbers();
    // The check can fail: the journeys' files do name demo file members.
    expect(used.has('7503140234085')).toBe(true);
    expect(members.filter((member) => used.has(member.idNumber))).toEqual([]);
  });
});
