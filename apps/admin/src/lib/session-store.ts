import type { OtpSentResponse, StaffMeResponse } from '@bcp/contract';
import { useStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';

/** The staff session in this browser (issue 19): kept in localStorage under `adminSession`. */
export interface AdminSessionState {
  /** The admin session token (`Authorization: Bearer`), or null when signed out. */
  apiToken: string | null;
  /** The sign-in PIN was entered. */
  verified: boolean;
  /** Where the last PIN went and when another may be asked for (the PIN page). */
  pendingOtp: OtpSentResponse | null;
  /** In memory only: read from `GET admin-sessions/me` (fresh permissions after every reload). */
  user: StaffMeResponse | null;
}

const EMPTY: AdminSessionState = { apiToken: null, verified: false, pendingOtp: null, user: null };

/** The session store; hydrated from localStorage when this module loads, every change written back. */
export const sessionStore = createStore<AdminSessionState>()(
  persist(() => ({ ...EMPTY }), {
    name: 'adminSession',
    storage: createJSONStorage(() => localStorage),
    partialize: ({ user: _memoryOnly, ...stored }) => stored,
  }),
);

/** The token, or null. */
export const getApiToken = (): string | null => sessionStore.getState().apiToken;

/** After email and password: a new session that needs its PIN. */
export function startSession(apiToken: string, otp: OtpSentResponse): void {
  sessionStore.setState({ apiToken, verified: false, pendingOtp: otp, user: null });
}

/** A new PIN was sent. */
export function setPendingOtp(otp: OtpSentResponse): void {
  sessionStore.setState({ pendingOtp: otp });
}

/** The PIN was entered (or the user re-read): the session may use what the user's roles allow. */
export function setSignedInUser(user: StaffMeResponse): void {
  sessionStore.setState({ verified: true, pendingOtp: null, user });
}

/** Signs out here: token, flags and user are forgotten. */
export function clearSession(): void {
  sessionStore.setState({ ...EMPTY });
}

/** React hook: the part of the session `select` picks (a field, not a new object). */
export function useAdminSession<T>(select: (state: AdminSessionState) => T): T {
  return useStore(sessionStore, select);
}
