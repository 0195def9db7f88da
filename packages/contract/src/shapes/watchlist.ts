import { z } from 'zod';
import { zBoundedString, zSaIdNumber } from '../rules/zod-rules.js';
import { OtpSentResponse, zOptionalEmail, zOptionalPhoneNumber, zOtp, zTwoFactorMethod } from './accounts.js';

/** Texts of the watchlist (issue 21 item 3, decision 035). */
export const WATCHLIST_MESSAGES = {
  offer: 'Tell me if money turns up for this ID number',
  consent:
    'I agree that this ID number (kept only in a scrambled form), and the phone number or email I give, are kept ' +
    'for up to 12 months to tell me if a fund reports money for it. I will get one message for each time money is ' +
    'found, with no amounts or fund names, and every message has a link to stop them.',
  consentRequired: 'Please accept the consent to be told.',
  pinSent: 'We sent you a PIN. Enter it to start the watch.',
  watching: 'Done. We will tell you if money turns up for this ID number.',
  unsubscribed: 'You will not get any more messages about this ID number.',
  badLink: 'This link is not valid (any more).',
  notFound: 'No such watch request, or its PIN has expired. Please start again.',
  /** The message sent when money turns up (no amounts or fund names). */
  foundSubject: 'Money may be waiting for you',
  foundText: (signUpUrl: string, unsubscribeUrl: string) =>
    `Good news: a fund has reported money for the ID number you asked us to watch. Sign up to see it: ${signUpUrl} ` +
    `To stop these messages: ${unsubscribeUrl}`,
  confirmedSubject: 'You are on our watchlist',
  confirmedText: (unsubscribeUrl: string) =>
    `We will tell you if a fund reports money for the ID number you gave us. To stop: ${unsubscribeUrl}`,
} as const;

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
