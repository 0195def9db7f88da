import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, memberViaApi } from './support';

/**
 * Members whose accounts exist before the journeys start (issue 41 item 3), signed up through the
 * API, as the app calls it, by the `signed up early` project (`signed-up-early.setup.ts`), which
 * runs before the journeys. A sign-in PIN to a phone waits 60 s after the sign-up's PIN (the
 * resend rule is real): signed up at the start of the run, these members can sign in through the
 * screens minutes later without the journey waiting out that minute.
 */
export const SIGNED_UP_EARLY = {
  /** accounts.spec.ts: signed up, no PIN entered, no identity check; resets the password, then signs in. */
  pieter: { ...DEMO.pieter, steps: { verifyPin: false, passIdentity: false } },
  /**
   * returning-members.spec.ts: members of the generated demo file (seed 2026, rows 701 and 1701)
   * who entered their PIN and passed the identity check, then sign in again.
   */
  mthunzi: {
    idNumber: '4507151898087',
    phone: '+27783931997',
    email: 'mthunzi_tshabalala67@example.co.za',
    steps: { verifyPin: true, passIdentity: true },
  },
  alex: {
    idNumber: '7704195927082',
    phone: '+27638861844',
    email: 'alex_tsotetsi@example.co.za',
    steps: { verifyPin: true, passIdentity: true },
  },
} as const;

type EarlyMember = keyof typeof SIGNED_UP_EARLY;

/** Where the set-up writes when each member signed up (ms since the epoch): the run's scratch folder. */
function signedUpAtFile(): string {
  const scratch = process.env.E2E_SCRATCH_DIR;
  if (!scratch) throw new Error('E2E_SCRATCH_DIR is not set: run the browser tests through playwright.config.ts');
  return join(scratch, 'signed-up-early.json');
}

/** Signs every member of `SIGNED_UP_EARLY` up through the API (the set-up project's one test), noting when. */
export async function signUpEarly(page: Page): Promise<void> {
  const signedUpAt: Partial<Record<EarlyMember, number>> = {};
  for (const [name, { steps, ...member }] of Object.entries(SIGNED_UP_EARLY) as [
    EarlyMember,
    (typeof SIGNED_UP_EARLY)[EarlyMember],
  ][]) {
    await memberViaApi(page, member, steps);
    signedUpAt[name] = Date.now();
  }
  writeFileSync(signedUpAtFile(), JSON.stringify(signedUpAt));
}

/**
 * Waits until a sign-in PIN may go to the member's phone: 61 s after their sign-up, which is
 * normally long past (the set-up ran first), or the rest of it when a journey runs right after.
 * @throws Error when the set-up did not run (its file is missing)
 */
export async function untilSignInPinAllowed(page: Page, name: EarlyMember): Promise<void> {
  const file = signedUpAtFile();
  if (!existsSync(file)) throw new Error(`${file} is missing: the "signed up early" project did not run`);
  const signedUpAt = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>)[name] ?? 0;
  const rest = signedUpAt + 61_000 - Date.now();
  if (rest > 0) await page.waitForTimeout(rest);
}
