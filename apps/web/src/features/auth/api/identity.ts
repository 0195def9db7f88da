import type { IdentityVerificationResponse, IdentityVerificationUrlResponse } from '@bcp/contract';
import { api } from '../../../lib/api';

/** `GET beneficiary-sessions/iidentifii`: the URL where the member proves who they are. */
export function getIdentityVerificationUrl() {
  return api.get<IdentityVerificationUrlResponse>('app/beneficiary-sessions/iidentifii');
}

/** `GET identity-verifications/latest`: the member's latest identity check, or null. */
export function getLatestIdentityVerification() {
  return api.get<IdentityVerificationResponse | null>('app/identity-verifications/latest');
}
