import { z } from 'zod';
import { WATCHLIST_MESSAGES } from '../messages/watchlist.js';
import { zBoundedString, zSaIdNumber } from '../rules/zod-rules.js';
import { OtpSentResponse, zOptionalEmail, zOptionalPhoneNumber, zOtp, zTwoFactorMethod } from './accounts.js';

/**
 * `POST /api/app/watchlist`: watch an ID number; a PIN goes to the phone number (SMS) or email.
 * `twoFactorMethod` names the channel like the account settings do.
 */
export const WatchlistRequest = z
  .object({
    idNumber: zSaIdNumber(),
    twoFactorMethod: zTwoFactorMethod,
    email: zOptionalEmail(),
    phoneNumber: zOptionalPhoneNumber(),
    consent: z.literal(true, { error: WATCHLIST_MESSAGES.consentRequired }),
  })
  .superRefine((value, ctx) => {
    if (value.twoFactorMethod === 'EMAIL' && !value.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Field is required' });
    }
    if (value.twoFactorMethod === 'SMS' && !value.phoneNumber) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'Field is required' });
    }
  })
  .meta({ id: 'WatchlistRequest' });
export type WatchlistRequest = z.input<typeof WatchlistRequest>;

/** The answer: the request's id (to confirm with the PIN) and where the PIN went (masked). */
export const WatchlistPendingResponse = z
  .object({ watchId: z.number().int(), message: z.string(), otp: OtpSentResponse })
  .meta({ id: 'WatchlistPendingResponse' });
export type WatchlistPendingResponse = z.infer<typeof WatchlistPendingResponse>;

/** `POST /api/app/watchlist/{id}/confirm`: the PIN. */
export const WatchlistConfirmRequest = z.object({ otp: zOtp() }).meta({ id: 'WatchlistConfirmRequest' });
export type WatchlistConfirmRequest = z.input<typeof WatchlistConfirmRequest>;

/** A watchlist answer in words. */
export const WatchlistMessageResponse = z.object({ message: z.string() }).meta({ id: 'WatchlistMessageResponse' });
export type WatchlistMessageResponse = z.infer<typeof WatchlistMessageResponse>;

/** `GET /api/watchlist/unsubscribe?token=`: the link in every watchlist message. */
export const WatchlistUnsubscribeQuery = z.object({ token: zBoundedString(100).regex(/^[A-Za-z0-9_-]{20,100}$/) });
