import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// V8's flags cannot be read back from JavaScript: the test watches what the server asks V8 for.
const v8 = vi.hoisted(() => ({ setFlagsFromString: vi.fn() }));
vi.mock('node:v8', async (importOriginal) => ({
  ...(await importOriginal<typeof import('node:v8')>()),
  setFlagsFromString: v8.setFlagsFromString,
}));

const { openDatabase } = await import('../src/db/client.js');
const { EMBEDDED_HEAP_GROWING_PERCENT } = await import('../src/db/embedded-heap.js');

describe('embedded heap growth (issue 40 item 5, decision 067)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'bcp-heap-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  beforeEach(() => v8.setFlagsFromString.mockClear());

  it('the embedded database on disk (npm start) lets V8 grow its heap by 50% past what is live', async () => {
    const database = await openDatabase({ dataDir: join(folder, 'data') });
    await database.close();
    expect(EMBEDDED_HEAP_GROWING_PERCENT).toBe(50);
    expect(v8.setFlagsFromString).toHaveBeenCalledWith('--heap-growing-percent=50');
  });

  it('an in-memory database (tests) keeps V8 deciding', async () => {
    const database = await openDatabase({ memory: true });
    await database.close();
    expect(v8.setFlagsFromString).not.toHaveBeenCalled();
  });
});
