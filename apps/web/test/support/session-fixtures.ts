import type { OtpSentResponse, PersonUserResponse } from '@bcp/contract';

/**
 * A member who passed the identity check earlier, as sign-in answers one before the PIN (masked
 * email and phone; issue 13 item 7).
 */
export const RETURNING_MEMBER: PersonUserResponse = {
  id: 41,
  idNumber: '8001015009087',
  email: 'th***@example.co.za',
  phoneNumber: '+27 ** *** *567',
  twoFactorMethod: 'SMS',
  iidentifiiVerified: true,
} as PersonUserResponse;

/** Where a sign-in PIN went: a PIN valid for 5 minutes, a new one allowed after 1 minute. */
export function pinSent(now = Date.now()): OtpSentResponse {
  return {
    channel: 'SMS',
    destination: '+27 ** *** *567',
    expiresAt: new Date(now + 5 * 60_000).toISOString(),
    resendAvailableAt: new Date(now + 60_000).toISOString(),
  } as OtpSentResponse;
}
