import type {
  MessageResponse,
  OtpSentResponse,
  ResetUrlResponse,
  StaffLoginRequest,
  StaffMeResponse,
  StaffSessionResponse,
  StaffSetPasswordRequest,
  StaffVerifyOtpResponse,
} from '@bcp/contract';
import type { ApiResult } from '@bcp/web-client';
import { api } from '../../lib/api';
import { clearSession, getApiToken, setPendingOtp, setSignedInUser, startSession } from '../../lib/session-store';

/**
 * Email and password (`POST admin-sessions/login`): a new session that needs its PIN. Any earlier
 * session kept here is forgotten first, so a 401 for a wrong password is not read as "session ended".
 */
export async function signIn(credentials: StaffLoginRequest): Promise<ApiResult<StaffSessionResponse>> {
  clearSession();
  const result = await api.post<StaffSessionResponse>('v1/admin-sessions/login', { json: credentials });
  if (result.data) startSession(result.data.apiToken, result.data.otp);
  return result;
}

/** The PIN (`POST admin-sessions/otp/verify`): the session is verified and the user known. */
export async function verifyPin(otp: string): Promise<ApiResult<StaffVerifyOtpResponse>> {
  const result = await api.post<StaffVerifyOtpResponse>('v1/admin-sessions/otp/verify', { json: { otp } });
  if (result.data) setSignedInUser(result.data.user);
  return result;
}

/** A new PIN (`POST admin-sessions/otp`): no sooner than 60 s, at most 5 an hour (the server says). */
export async function resendPin(): Promise<ApiResult<OtpSentResponse>> {
  const result = await api.post<OtpSentResponse>('v1/admin-sessions/otp');
  if (result.data) setPendingOtp(result.data);
  return result;
}

/** The signed-in user with the permissions held now (`GET admin-sessions/me`). */
export async function loadMe(): Promise<ApiResult<StaffMeResponse>> {
  const result = await api.get<StaffMeResponse>('v1/admin-sessions/me');
  if (result.data) setSignedInUser(result.data);
  return result;
}

/** Ends the session on the server (`DELETE admin-sessions/logout`) and here. */
export async function signOut(): Promise<void> {
  if (getApiToken()) await api.delete('v1/admin-sessions/logout');
  clearSession();
}

/** Emails a link to set a new password (the same answer for unknown emails). */
export function requestPasswordLink(email: string): Promise<ApiResult<MessageResponse>> {
  return api.post<MessageResponse>('v1/admin-sessions/reset-password-request', { json: { email } });
}

/** Checks a password link's token without using it (422 `errors.token` when not usable). */
export function checkPasswordLink(token: string): Promise<ApiResult<ResetUrlResponse>> {
  return api.get<ResetUrlResponse>(`v1/admin-sessions/verify-reset-url/${encodeURIComponent(token)}`);
}

/** Sets the password with a link's token (reset or invitation); every session of the user ends. */
export function setPassword(request: StaffSetPasswordRequest): Promise<ApiResult<MessageResponse>> {
  return api.post<MessageResponse>('v1/admin-sessions/reset-password', { json: request });
}
