import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LARGE_TOTAL_ROWS, listPage } from '../src/platform/lists/list-page.js';

/**
 * The totals of the one list envelope (decision 029, issue 25): large totals kept for 30 s, then
 * answered stale while counted again in the background, one recount at a time per database.
 * Counts here are plain functions that count their calls and answer when the test says so.
 */

/** A count whose answers the test releases one at a time; `calls` is how often it was asked. */
function controlledCount(totals: number[]) {
  const waiting: Array<() => void> = [];
  const count = {
    calls: 0,
    run: () => {
      count.calls += 1;
      const total = totals[Math.min(count.calls, totals.length) - 1] as number;
      return new Promise<number>((resolve) => waiting.push(() => resolve(total)));
    },
    /** Lets the oldest count still waiting answer. */
    release: async () => {
      waiting.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
    pending: () => waiting.length,
  };
  return count;
}

const query = { page: 1, pageSize: 25 };
const noRows = async () => [];
const identity = (row: never) => row;

/** One request of a list: its total as the envelope gives it. */
function totalOf(scope: object, key: string, count: () => Promise<number>): Promise<number> {
  return listPage(query, { rows: noRows, count, toItem: identity, countKey: { scope, key } }).then(
    (page) => page.total,
  );
}

/** A list's first request: its count answered after `countSeconds` (of the faked clock); the total. */
async function firstTotal(
  scope: object,
  key: string,
  count: ReturnType<typeof controlledCount>,
  countSeconds = 0,
): Promise<number> {
  const first = totalOf(scope, key, count.run);
  vi.setSystemTime(Date.now() + countSeconds * 1000);
  await count.release();
  return first;
}

/**
 * The kept total answered at `lastKept` (UTC time of 2026-11-26) without counting; at `firstStale`
 * still answered at once, a recount started behind it.
 */
async function expectKeptThenRecounted(
  scope: object,
  key: string,
  count: ReturnType<typeof controlledCount>,
  total: number,
  [lastKept, firstStale]: [string, string],
): Promise<void> {
  const callsBefore = count.calls;
  vi.setSystemTime(new Date(`2026-11-26T${lastKept}Z`));
  expect(await totalOf(scope, key, count.run)).toBe(total);
  expect(count.calls).toBe(callsBefore);
  vi.setSystemTime(new Date(`2026-11-26T${firstStale}Z`));
  expect(await totalOf(scope, key, count.run)).toBe(total);
  expect(count.calls).toBe(callsBefore + 1);
}

describe('list totals (decision 029)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T06:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts a total under LARGE_TOTAL_ROWS on every request', async () => {
    const scope = {};
    const count = controlledCount([12, 13]);
    const first = totalOf(scope, 'tasks:{}:', count.run);
    await count.release();
    expect(await first).toBe(12);
    const second = totalOf(scope, 'tasks:{}:', count.run);
    await count.release();
    expect(await second).toBe(13);
    expect(count.calls).toBe(2);
  });

  it('keeps a large total 30 s, then answers it stale at once while counting again, and gives the new one after', async () => {
    const scope = {};
    const large = LARGE_TOTAL_ROWS + 5;
    const count = controlledCount([large, large + 1]);
    expect(await firstTotal(scope, 'benefits:{}:', count)).toBe(large);

    // Stale at 31 s: answered without waiting for the count that starts behind it.
    await expectKeptThenRecounted(scope, 'benefits:{}:', count, large, ['06:00:29', '06:00:31']);
    await count.release();
    expect(await totalOf(scope, 'benefits:{}:', count.run)).toBe(large + 1);
    expect(count.calls).toBe(2);
  });

  it('keeps a total whose count took long 200 times as long (KEEP_PER_COUNT_TIME; a count of 1 s: 200 s)', async () => {
    const scope = {};
    const large = LARGE_TOTAL_ROWS * 30;
    const count = controlledCount([large, large + 1]);
    expect(await firstTotal(scope, 'enrichment-records:1:{}:', count, 1)).toBe(large);
    await expectKeptThenRecounted(scope, 'enrichment-records:1:{}:', count, large, ['06:03:20', '06:03:22']);
    await count.release();
  });

  it('counts stale totals of several lists again one at a time per database, not all at once', async () => {
    const scope = {};
    const large = LARGE_TOTAL_ROWS * 3;
    const counts = ['a', 'b', 'c'].map(() => controlledCount([large, large + 7]));
    for (const [index, count] of counts.entries()) expect(await firstTotal(scope, `list-${index}`, count)).toBe(large);
    vi.setSystemTime(new Date('2026-11-26T06:01:00Z'));
    // Three stale lists asked at once: each answers its kept total; only the first is counted again.
    const answers = await Promise.all(counts.map((count, index) => totalOf(scope, `list-${index}`, count.run)));
    expect(answers).toEqual([large, large, large]);
    expect(counts.map((count) => count.calls)).toEqual([2, 1, 1]);
    // Once that recount has answered, the next stale list's request starts its own.
    await counts[0]?.release();
    expect(await totalOf(scope, 'list-1', (counts[1] as ReturnType<typeof controlledCount>).run)).toBe(large);
    expect(counts.map((count) => count.calls)).toEqual([2, 2, 1]);
    expect(await totalOf(scope, 'list-0', (counts[0] as ReturnType<typeof controlledCount>).run)).toBe(large + 7);
    await counts[1]?.release();
  });

  it('another database keeps its own totals and recounts beside this one', async () => {
    const [one, two] = [{}, {}];
    const large = LARGE_TOTAL_ROWS;
    const countOne = controlledCount([large, large]);
    const countTwo = controlledCount([large, large]);
    for (const [scope, count] of [
      [one, countOne],
      [two, countTwo],
    ] as const) {
      await firstTotal(scope, 'tasks:{}:', count);
    }
    vi.setSystemTime(new Date('2026-11-26T06:01:00Z'));
    await totalOf(one, 'tasks:{}:', countOne.run);
    await totalOf(two, 'tasks:{}:', countTwo.run);
    expect([countOne.calls, countTwo.calls]).toEqual([2, 2]);
    await countOne.release();
    await countTwo.release();
  });

  it('requests at the same moment share one count', async () => {
    const scope = {};
    const count = controlledCount([40]);
    const answers = Promise.all([1, 2, 3].map(() => totalOf(scope, 'users::', count.run)));
    await count.release();
    expect(await answers).toEqual([40, 40, 40]);
    expect(count.calls).toBe(1);
  });

  it('a failed recount keeps the stale total, and a later request tries again', async () => {
    const scope = {};
    const large = LARGE_TOTAL_ROWS + 1;
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls === 2) throw new Error('connection lost');
      return large + calls;
    };
    expect(await totalOf(scope, 'claims:{}:', flaky)).toBe(large + 1);
    vi.setSystemTime(new Date('2026-11-26T06:01:00Z'));
    expect(await totalOf(scope, 'claims:{}:', flaky)).toBe(large + 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await totalOf(scope, 'claims:{}:', flaky)).toBe(large + 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toBe(3);
    expect(await totalOf(scope, 'claims:{}:', flaky)).toBe(large + 3);
  });
});
