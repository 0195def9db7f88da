import type { OtpSentResponse, PersonUserResponse, TwoFactorMethod } from '@bcp/contract';
import { useStore } from 'zustand';
import { type PersistStorage, persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';

/** Browser storage keys of spec section 3, spelled exactly. */
export const STORAGE_KEYS = {
  apiToken: 'apiToken',
  verified: 'verified',
  fcmToken: 'fcmToken',
  twoFactorMethod: 'twoFactorMethod',
  signedUpPersonUser: 'signedUpPersonUser',
} as const;

/** Where the last PIN went, in sessionStorage (kept for the verify page across a reload; not a spec key). */
export const PENDING_OTP_KEY = 'pendingOtp';

export type PersonUser = PersonUserResponse;

/** Beneficiary session state (spec section 3). */
export interface SessionState {
  /** In memory only: loaded from the server (`person-users/me`) when missing. */
  personUser: PersonUser | null;
  apiToken: string | null;
  /** The session passed its OTP (also called isVerified). */
  verified: boolean;
  fcmToken: string | null;
  twoFactorMethod: TwoFactorMethod | null;
  signedUpPersonUser: PersonUser | null;
  /** Where the last PIN went and when a new one may be asked for, for the verify page. */
  pendingOtp: OtpSentResponse | null;
}

/** The part of the state kept in browser storage. */
type StoredSession = Omit<SessionState, 'personUser'>;

const EMPTY: SessionState = {
  personUser: null,
  apiToken: null,
  verified: false,
  fcmToken: null,
  twoFactorMethod: null,
  signedUpPersonUser: null,
  pendingOtp: null,
};

function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  return typeof globalThis[kind] === 'undefined' ? undefined : globalThis[kind];
}

function readJson<T>(storage: Storage | undefined, key: string): T | null {
  const raw = storage?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function write(storage: Storage | undefined, key: string, value: string | null): void {
  if (value === null) storage?.removeItem(key);
  else storage?.setItem(key, value);
}

/** Reads the spec's keys (and the pending PIN) from browser storage: the store's hydration. */
function readStoredSession(): StoredSession {
  const local = browserStorage('localStorage');
  const method = local?.getItem(STORAGE_KEYS.twoFactorMethod);
  return {
    apiToken: local?.getItem(STORAGE_KEYS.apiToken) || null,
    verified: local?.getItem(STORAGE_KEYS.verified) === 'true',
    fcmToken: local?.getItem(STORAGE_KEYS.fcmToken) || null,
    twoFactorMethod: method === 'SMS' || method === 'EMAIL' ? method : null,
    signedUpPersonUser: readJson(local, STORAGE_KEYS.signedUpPersonUser),
    pendingOtp: readJson(browserStorage('sessionStorage'), PENDING_OTP_KEY),
  };
}

/** Writes each field under its own key, as plain strings (a false flag or null value removes the key). */
function writeStoredSession(state: StoredSession): void {
  const local = browserStorage('localStorage');
  write(local, STORAGE_KEYS.apiToken, state.apiToken);
  write(local, STORAGE_KEYS.verified, state.verified ? 'true' : null);
  write(local, STORAGE_KEYS.fcmToken, state.fcmToken);
  write(local, STORAGE_KEYS.twoFactorMethod, state.twoFactorMethod);
  write(
    local,
    STORAGE_KEYS.signedUpPersonUser,
    state.signedUpPersonUser ? JSON.stringify(state.signedUpPersonUser) : null,
  );
  write(browserStorage('sessionStorage'), PENDING_OTP_KEY, state.pendingOtp ? JSON.stringify(state.pendingOtp) : null);
}

/**
 * zustand's persist storage mapped onto the spec's separate keys (spec section 3) rather than one
 * JSON blob: synchronous, so the store is hydrated when this module loads.
 */
const specKeysStorage: PersistStorage<StoredSession> = {
  getItem: () => ({ state: readStoredSession(), version: 0 }),
  setItem: (_name, value) => writeStoredSession(value.state),
  removeItem: () => writeStoredSession({ ...EMPTY }),
};

/**
 * The session store (spec sections 3 and 4). Hydrated from browser storage once, at start (the
 * spec's "reloaded from browser storage on demand when empty in memory"); every change is written
 * back. Reads never write, so a render may read it freely.
 */
export const sessionStore = createStore<SessionState>()(
  persist(() => ({ ...EMPTY }), {
    name: 'session',
    storage: specKeysStorage,
    partialize: ({ personUser: _memoryOnly, ...stored }) => stored,
  }),
);

const read = () => sessionStore.getState();
const update = (patch: Partial<SessionState>) => sessionStore.setState(patch);

/** The api token (spec 3 `apiToken`), or null. Never writes. */
export const getApiToken = (): string | null => read().apiToken;

/** Whether the session passed its PIN (spec 3 `verified`). Never writes. */
export const getVerified = (): boolean => read().verified;

/** The push registration token (spec 3 `fcmToken`), or null. Never writes. */
export const getFcmToken = (): string | null => read().fcmToken;

/** The two-factor method (spec 3 `twoFactorMethod`: SMS or EMAIL), or null. Never writes. */
export const getTwoFactorMethod = (): TwoFactorMethod | null => read().twoFactorMethod;

/** The person user kept at sign-up (spec 3 `signedUpPersonUser`), or null. Never writes. */
export const getSignedUpPersonUser = (): PersonUser | null => read().signedUpPersonUser;

/** Where the last PIN went, or null. Never writes. */
export const getPendingOtp = (): OtpSentResponse | null => read().pendingOtp;

/** Keeps the push registration token (spec section 3 `fcmToken`); null removes it. */
export function setFcmToken(token: string | null): void {
  update({ fcmToken: token });
}

/** A new session from sign-up or sign-in: token, verified flag and two-factor method are stored too. */
export function startSession(session: {
  apiToken: string;
  verified: boolean;
  personUser: PersonUser;
  otp?: OtpSentResponse;
}): void {
  update({
    apiToken: session.apiToken,
    verified: session.verified,
    personUser: session.personUser,
    twoFactorMethod: session.personUser.twoFactorMethod,
    ...(session.otp ? { pendingOtp: session.otp } : {}),
  });
}

/** Records where a new PIN went and when another may be asked for (survives a reload of `/verify`). */
export function setPendingOtp(otp: OtpSentResponse | null): void {
  update({ pendingOtp: otp });
}

/** The session's PIN was entered. */
export function markVerified(personUser: PersonUser): void {
  update({ verified: true, personUser, twoFactorMethod: personUser.twoFactorMethod, pendingOtp: null });
}

/** Sets the person user when the server returns one, clears it when it returns nothing (spec 4). */
export function setPersonUser(personUser: PersonUser | null): void {
  update({ personUser, ...(personUser ? { twoFactorMethod: personUser.twoFactorMethod } : {}) });
}

/** Keeps the signed-up person user under `signedUpPersonUser` (spec section 3). */
export function setSignedUpPersonUser(personUser: PersonUser): void {
  update({ signedUpPersonUser: personUser });
}

/**
 * Logout's clearing (spec section 4): clears the person user, api token and verified flag, and
 * removes apiToken and verified from browser storage (and the pending PIN). `fcmToken`, the
 * browser's push subscription, stays: it is the device's, not the member's.
 */
export function clearSession(): void {
  update({ personUser: null, apiToken: null, verified: false, pendingOtp: null });
}

/** The current state without subscribing (loaders, event handlers). */
export function sessionSnapshot(): SessionState {
  return read();
}

/**
 * React hook: the session state, or the part `select` picks (a stable value: a field, not a new
 * object), re-rendering when it changes.
 */
export function useSession<T = SessionState>(select: (state: SessionState) => T = (state) => state as T): T {
  return useStore(sessionStore, select);
}
