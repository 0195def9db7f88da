import type { OtpSentResponse, VerifyOtpResponse } from '@bcp/contract';
import { api } from '../../../lib/api';

/** `POST beneficiary-sessions/verifyOtp`: enter the sign-in PIN. */
export function verifyOtp(otp: string) {
  return api.post<VerifyOtpResponse>('app/beneficiary-sessions/verifyOtp', { json: { otp } });
}

/** `POST beneficiary-sessions/otp`: send a new sign-in PIN. */
export function resendOtp() {
  return api.post<OtpSentResponse>('app/beneficiary-sessions/otp');
}
