import { setTimeout as sleep } from 'node:timers/promises';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** Advances the fake timers by `ms` inside `act` (with real timers: just lets React settle). */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * Waits (in real time, up to 10 s) until `check` passes, advancing the fake timers by `stepMs`
 * between tries: Testing Library's `waitFor` stalls on fake timers, and network answers arrive in
 * real time. With 0 (the default) the fake clock stands still, but a zero-delay timer set from
 * inside a timer callback is due 1 ms later (fake-timers' rule): pass 1 to flush those too.
 * Returns what `check` returned.
 */
export async function eventually<T>(check: () => T, stepMs = 0): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await advance(stepMs);
    try {
      return check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(10);
    }
  }
}
