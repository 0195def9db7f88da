import type {
  MessageResponse,
  ResetPasswordRequest,
  ResetPasswordUserResponse,
  ResetTokenResponse,
} from '@bcp/contract';
import { api } from '../../../lib/api';

/** `GET beneficiary-sessions/reset-password-user`: where the reset PIN would go (masked). */
export function findResetUser(identifier: string) {
  return api.get<ResetPasswordUserResponse>('app/beneficiary-sessions/reset-password-user', { query: { identifier } });
}

/** `POST beneficiary-sessions/reset-password-request`: send the reset PIN. */
export function requestReset(identifier: string) {
  return api.post<ResetPasswordUserResponse>('app/beneficiary-sessions/reset-password-request', {
    json: { identifier },
  });
}

/** `POST beneficiary-session/verify-reset-password-otp`: exchange the PIN for a reset token. */
export function verifyResetOtp(identifier: string, otp: string) {
  return api.post<ResetTokenResponse>('app/beneficiary-session/verify-reset-password-otp', {
    json: { identifier, otp },
  });
}

/** `POST beneficiary-session/reset-password`: set the new password. */
export function resetPassword(body: ResetPasswordRequest) {
  return api.post<MessageResponse>('app/beneficiary-session/reset-password', { json: body });
}
