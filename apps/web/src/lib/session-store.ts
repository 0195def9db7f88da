import { useSyncExternalStore } from 'react';

/** Browser storage keys of spec section 3, spelled exactly. */
export const STORAGE_KEYS = {
  apiToken: 'apiToken',
  verified: 'verified',
  fcmToken: 'fcmToken',
  twoFactorMethod: 'twoFactorMethod',
  signedUpPersonUser: 'signedUpPersonUser',
} as const;

/** The signed-in person user as the app shows it (spec section 3). */
export interface PersonUser {
  id: number;
  email: string | null;
  phoneNumber: string | null;
  twoFactorMethod: 'SMS' | 'EMAIL';
  iidentifiiVerified: boolean;
}

/** Beneficiary session state (spec section 3). */
export interface SessionState {
  personUser: PersonUser | null;
  apiToken: string | null;
  /** The session passed its OTP (also called isVerified). */
  verified: boolean;
  fcmToken: string | null;
}

let state: SessionState = { personUser: null, apiToken: null, verified: false, fcmToken: null };
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/** Replaces part of the session state and tells subscribers. */
export function updateSession(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

/**
 * The api token: from memory, or reloaded from browser storage on demand when memory is empty
 * (spec section 4).
 */
export function getApiToken(): string | null {
  if (!state.apiToken) {
    const stored = storage()?.getItem(STORAGE_KEYS.apiToken) ?? null;
    if (stored) state = { ...state, apiToken: stored };
  }
  return state.apiToken;
}

/** The verified flag: from memory, or reloaded from browser storage on demand (spec section 4). */
export function getVerified(): boolean {
  if (!state.verified && storage()?.getItem(STORAGE_KEYS.verified) === 'true') state = { ...state, verified: true };
  return state.verified;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React hook: the current session state, re-rendering on change. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, () => state);
}
