import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPartnerIfNone } from '../src/modules/partners/demo-partner.js';
import { authenticatePartnerApiKey } from '../src/modules/partners/partner-api-keys.service.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** The demo partner key is also written to the data folder, owner-only (issue 41 item 4). */
describe('demo partner API key file', () => {
  let testApp: TestApp;
  let folder: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    folder = mkdtempSync(join(tmpdir(), 'bcp-demo-partner-key-'));
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('writes the key logged to <dataDir>/demo-partner-key.txt with mode 0600', async () => {
    const logged: Record<string, unknown>[] = [];
    const log = { warn: (object: Record<string, unknown>) => logged.push(object) };
    const keyFile = join(folder, 'demo-partner-key.txt');
    expect(await seedDemoPartnerIfNone(testApp.app.db, log as never, 'no-such-fund', keyFile)).toBe(true);
    const key = readFileSync(keyFile, 'utf8').trim();
    expect(key).toBe(logged[0]?.apiKey);
    expect(await authenticatePartnerApiKey(testApp.app.db, key)).toBeTruthy();
    if (process.platform !== 'win32') expect(statSync(keyFile).mode & 0o777).toBe(0o600);
  });
});
