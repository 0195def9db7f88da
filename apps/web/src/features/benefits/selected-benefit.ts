import type { BenefitResponse } from '@bcp/contract';
import { useSyncExternalStore } from 'react';
import { getBenefit } from './api/get-benefit';

/**
 * The selected benefit (spec section 3: "a benefit object fetched by id, containing person and
 * fund"), kept in the app while the member works through `/benefit/steps` and `/benefit/claim-details`.
 */
let selected: BenefitResponse | null = null;
const listeners = new Set<() => void>();
/** The selected benefit's id survives a reload of the tab (not the benefit itself: it is fetched again). */
const STORAGE_KEY = 'selectedBenefitId';

function publish(): void {
  for (const listener of listeners) listener();
}

/** The selected benefit, or null. */
export function getSelectedBenefit(): BenefitResponse | null {
  return selected;
}

/** Selects a benefit (or clears the selection with null). */
export function setSelectedBenefit(benefit: BenefitResponse | null): void {
  selected = benefit;
  if (typeof sessionStorage !== 'undefined') {
    if (benefit) sessionStorage.setItem(STORAGE_KEY, String(benefit.id));
    else sessionStorage.removeItem(STORAGE_KEY);
  }
  publish();
}

/** The id of the benefit selected before this page was reloaded, if any. */
export function storedSelectedBenefitId(): number | undefined {
  const stored = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEY);
  const id = Number(stored);
  return stored && Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * Fetches a benefit by id and selects it (spec 4: the steps route with no selected benefit but a
 * `benefitId` query loads that benefit).
 * @returns the benefit, or null when the call failed (not the member's, or no answer)
 */
export async function selectBenefitById(benefitId: number): Promise<BenefitResponse | null> {
  const result = await getBenefit(benefitId);
  setSelectedBenefit(result.data ?? null);
  return result.data ?? null;
}

/** The selected benefit, re-rendering when it changes. */
export function useSelectedBenefit(): BenefitResponse | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => selected,
  );
}
