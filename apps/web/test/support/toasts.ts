import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { scaled } from '../../../../scripts/lib/time-scale.mjs';
import { advance } from './timers.js';

/**
 * The toast (a Mantine notification, role `alert`) showing `text`, waiting for it to appear.
 * Use `findToast` for notices; `toastCorner` tells where it sits; `expectToastClosesAfter` times it.
 */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  // Up to 5 s: the first notice of a test file loads the notices' code (lib/toasts).
  return waitFor(() => getToast(text), { timeout: scaled(5_000) });
}

/**
 * The toast showing `text`, now (no waiting): for tests on fake timers, where Testing Library's
 * `find*` would wait on a faked timer. Advance the timers by 0 first so the toast renders.
 */
export function getToast(text: string | RegExp): HTMLElement {
  const toasts = screen.getAllByText(text).flatMap((found) => found.closest<HTMLElement>('[role="alert"]') ?? []);
  if (toasts.length !== 1) throw new Error(`${toasts.length} toasts show "${String(text)}"`);
  return toasts[0] as HTMLElement;
}

/** The screen corner of a toast, e.g. `top-right` (its container's position). */
export function toastCorner(toast: HTMLElement): string | null {
  return toast.closest('[data-position]')?.getAttribute('data-position') ?? null;
}

/** A toast is showing while it is in the page and not fading out (Mantine sets its opacity to 0 when it closes). */
export function isShowing(toast: HTMLElement): boolean {
  return toast.isConnected && toast.style.getPropertyValue('--notifications-state-opacity') !== '0';
}

/**
 * With fake timers installed before the toast appeared: the toast is still showing `ms - 1`
 * milliseconds after it appeared, and closes at `ms`.
 */
export async function expectToastClosesAfter(toast: HTMLElement, ms: number): Promise<void> {
  expect(isShowing(toast)).toBe(true);
  await advance(ms - 1);
  expect(isShowing(toast)).toBe(true);
  await advance(1);
  expect(isShowing(toast)).toBe(false);
}
