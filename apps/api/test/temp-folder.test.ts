import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app.js';

describe('tests leave nothing in the temp folder (issue 23 item 7)', () => {
  it('makes its temp files inside the run folder that vitest.temp-folder.ts removes at the end', async () => {
    const runFolder = process.env.BCP_TEST_TMPDIR;
    expect(runFolder).toMatch(/bcp-vitest-/);
    expect(tmpdir()).toBe(runFolder);
    const app = await createTestApp();
    expect(dirname(app.config.dataDir)).toBe(runFolder);
    await app.close();
    expect(existsSync(app.config.dataDir)).toBe(false);
  });
});
