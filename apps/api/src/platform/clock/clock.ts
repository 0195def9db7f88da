/**
 * The server's clock for rules that depend on the time of day or on elapsed days (issue 17:
 * quiet hours, daily caps, result expiry, link expiry). Real time unless a test sets it.
 */
export interface Clock {
  /** Now, or the time set with `set`. */
  now(): Date;
  /** Tests: stop the clock at `at` (null: real time again). Nothing outside tests calls it. */
  set(at: Date | null): void;
}

/** A clock on real time, settable for tests. */
export function createClock(): Clock {
  let fixed: Date | null = null;
  return {
    now: () => (fixed ? new Date(fixed) : new Date()),
    set(at) {
      fixed = at ? new Date(at) : null;
    },
  };
}

/** Hours South Africa (SAST, UTC+2, no daylight saving) is ahead of UTC. */
const SAST_OFFSET_HOURS = 2;

/** The hour of the day (0-23) in South Africa at `at`. */
export function sastHour(at: Date): number {
  return (at.getUTCHours() + SAST_OFFSET_HOURS) % 24;
}

/** When the South African day holding `at` started, as a UTC instant. */
export function startOfSastDay(at: Date): Date {
  const shifted = new Date(at.getTime() + SAST_OFFSET_HOURS * 3_600_000);
  shifted.setUTCHours(0, 0, 0, 0);
  return new Date(shifted.getTime() - SAST_OFFSET_HOURS * 3_600_000);
}
