import type { OtpSentResponse, PersonUserResponse, TwoFactorMethod } from '@bcp/contract';
import { useSyncExternalStore } from 'react';

/** Browser storage keys of spec section 3, spelled exactly. */
export const STORAGE_KEYS = {
  apiToken: 'apiToken',
  verified: 'verified',
  fcmToken: 'fcmToken',
  twoFactorMethod: 'twoFactorMethod',
  signedUpPersonUser: 'signedUpPersonUser',
} as const;

/** Where the last PIN went (kept for the verify page across a reload; not one of the spec's keys). */
const PENDING_OTP_KEY = 'pendingOtp';

export type PersonUser = PersonUserResponse;

/** Beneficiary session state (spec section 3). */
export interface SessionState {
  personUser: PersonUser | null;
  apiToken: string | null;
  /** The session passed its OTP (also called isVerified). */
  verified: boolean;
  fcmToken: string | null;
  twoFactorMethod: TwoFactorMethod | null;
  signedUpPersonUser: PersonUser | null;
  /** Where the last PIN went, for the verify page. */
  pendingOtp: OtpSentResponse | null;
}

const EMPTY: SessionState = {
  personUser: null,
  apiToken: null,
  verified: false,
  fcmToken: null,
  twoFactorMethod: null,
  signedUpPersonUser: null,
  pendingOtp: null,
};
let state: SessionState = EMPTY;
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

function readJson<T>(key: string): T | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  if (value === null) storage()?.removeItem(key);
  else storage()?.setItem(key, value);
}

function update(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

/** The api token, reloaded from browser storage on demand when memory is empty (spec section 4). */
export function getApiToken(): string | null {
  if (!state.apiToken) state = { ...state, apiToken: storage()?.getItem(STORAGE_KEYS.apiToken) ?? null };
  return state.apiToken;
}

/** The verified flag, reloaded from browser storage on demand (spec section 4). */
export function getVerified(): boolean {
  if (!state.verified) state = { ...state, verified: storage()?.getItem(STORAGE_KEYS.verified) === 'true' };
  return state.verified;
}

/** The push token, reloaded from browser storage on demand (spec section 4). */
export function getFcmToken(): string | null {
  if (!state.fcmToken) state = { ...state, fcmToken: storage()?.getItem(STORAGE_KEYS.fcmToken) ?? null };
  return state.fcmToken;
}

/** Keeps the push registration token (spec section 3 `fcmToken`); null removes it. */
export function setFcmToken(token: string | null): void {
  write(STORAGE_KEYS.fcmToken, token);
  update({ fcmToken: token });
}

/** The two-factor method (a string), reloaded from browser storage on demand (spec section 4). */
export function getTwoFactorMethod(): TwoFactorMethod | null {
  if (!state.twoFactorMethod) {
    const stored = storage()?.getItem(STORAGE_KEYS.twoFactorMethod);
    state = { ...state, twoFactorMethod: stored === 'SMS' || stored === 'EMAIL' ? stored : null };
  }
  return state.twoFactorMethod;
}

/** The signed-up person user, reloaded from browser storage on demand (spec sections 3 and 4). */
export function getSignedUpPersonUser(): PersonUser | null {
  if (!state.signedUpPersonUser) state = { ...state, signedUpPersonUser: readJson(STORAGE_KEYS.signedUpPersonUser) };
  return state.signedUpPersonUser;
}

/** Where the last PIN went (memory, or sessionStorage after a reload). */
export function getPendingOtp(): OtpSentResponse | null {
  if (!state.pendingOtp && typeof sessionStorage !== 'undefined') {
    const raw = sessionStorage.getItem(PENDING_OTP_KEY);
    state = { ...state, pendingOtp: raw ? (JSON.parse(raw) as OtpSentResponse) : null };
  }
  return state.pendingOtp;
}

/** A new session from sign-up or sign-in: token and verified flag also go to browser storage. */
export function startSession(session: {
  apiToken: string;
  verified: boolean;
  personUser: PersonUser;
  otp?: OtpSentResponse;
}): void {
  write(STORAGE_KEYS.apiToken, session.apiToken);
  write(STORAGE_KEYS.verified, String(session.verified));
  write(STORAGE_KEYS.twoFactorMethod, session.personUser.twoFactorMethod);
  if (session.otp) setPendingOtp(session.otp);
  update({
    apiToken: session.apiToken,
    verified: session.verified,
    personUser: session.personUser,
    twoFactorMethod: session.personUser.twoFactorMethod,
  });
}

/** Records where a new PIN went. */
export function setPendingOtp(otp: OtpSentResponse | null): void {
  if (typeof sessionStorage !== 'undefined') {
    if (otp) sessionStorage.setItem(PENDING_OTP_KEY, JSON.stringify(otp));
    else sessionStorage.removeItem(PENDING_OTP_KEY);
  }
  update({ pendingOtp: otp });
}

/** The session's PIN was entered. */
export function markVerified(personUser: PersonUser): void {
  write(STORAGE_KEYS.verified, 'true');
  setPendingOtp(null);
  update({ verified: true, personUser, twoFactorMethod: personUser.twoFactorMethod });
}

/** Sets the person user when the server returns one, clears it when it returns nothing (spec 4). */
export function setPersonUser(personUser: PersonUser | null): void {
  if (personUser) write(STORAGE_KEYS.twoFactorMethod, personUser.twoFactorMethod);
  update({ personUser, ...(personUser ? { twoFactorMethod: personUser.twoFactorMethod } : {}) });
}

/** Keeps the signed-up person user under `signedUpPersonUser` (spec section 3). */
export function setSignedUpPersonUser(personUser: PersonUser): void {
  write(STORAGE_KEYS.signedUpPersonUser, JSON.stringify(personUser));
  update({ signedUpPersonUser: personUser });
}

/**
 * Logout's clearing (spec section 4): clears the person user, api token and verified flag, and
 * removes apiToken and verified from browser storage.
 */
export function clearSession(): void {
  write(STORAGE_KEYS.apiToken, null);
  write(STORAGE_KEYS.verified, null);
  setPendingOtp(null);
  update({ personUser: null, apiToken: null, verified: false });
}

/** The current state without subscribing (loaders, event handlers). */
export function sessionSnapshot(): SessionState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React hook: the current session state, re-rendering on change. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, () => state);
}
