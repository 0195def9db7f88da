import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest global setup of every project (issue 23 item 7): the run gets one folder of its own in
 * the temp folder and `TMPDIR` points there, so whatever tests (and the servers and processes they
 * start) make with `os.tmpdir()` lands in it; the folder is removed when the run ends, passed or
 * failed. Nothing is left behind in /tmp by `npm test`.
 */
export default function setup() {
  if (process.env.BCP_TEST_TMPDIR) return; // a nested run (a test starting Vitest) shares the outer folder
  const folder = mkdtempSync(join(tmpdir(), 'bcp-vitest-'));
  process.env.BCP_TEST_TMPDIR = folder;
  process.env.TMPDIR = folder;
  return () => {
    rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  };
}
