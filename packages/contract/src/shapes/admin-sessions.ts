import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../messages/accounts.js';
import { PERMISSIONS } from '../permissions.js';
import { EMAIL_MAX_LENGTH } from '../rules/form-rules.js';
import { zEmail, zRequiredString, zStrongPassword } from '../rules/zod-rules.js';
import { OtpSentResponse, zTwoFactorMethod } from './accounts.js';

/** Messages of the staff sign-in and password calls. */
export const STAFF_SESSION_MESSAGES = {
  signInFailed: 'The email or password is not correct.',
  resetLinkInvalid: 'This password link is not valid: it has expired or was used already. Ask for a new one.',
  resetRequested: 'If this email belongs to a staff account, we sent it a link to set a new password.',
  passwordChanged: 'Your password was set. Sign in with your new password.',
  signedOut: 'You are signed out.',
} as const;

/** `POST /api/v1/admin-sessions/login`. */
export const StaffLoginRequest = z
  .object({ email: zRequiredString(EMAIL_MAX_LENGTH), password: zRequiredString() })
  .meta({ id: 'StaffLoginRequest' });
export type StaffLoginRequest = z.input<typeof StaffLoginRequest>;

/** The signed-in staff user, with what they may do. */
export const StaffMeResponse = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    twoFactorMethod: zTwoFactorMethod,
    roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
    /** Every permission the user holds now (the super-admin role: all of them). */
    permissions: z.array(z.enum(PERMISSIONS)),
  })
  .meta({ id: 'StaffMeResponse' });
export type StaffMeResponse = z.infer<typeof StaffMeResponse>;

/** `POST admin-sessions/login` answer: a new session that needs its PIN before anything else. */
export const StaffSessionResponse = z
  .object({ apiToken: z.string(), verified: z.literal(false), otp: OtpSentResponse })
  .meta({ id: 'StaffSessionResponse' });
export type StaffSessionResponse = z.infer<typeof StaffSessionResponse>;

/** `POST admin-sessions/otp/verify`. */
export const StaffVerifyOtpRequest = z
  .object({ otp: zRequiredString(20).regex(/^\d{6}$/, ACCOUNT_MESSAGES.otpFormat) })
  .meta({ id: 'StaffVerifyOtpRequest' });
export type StaffVerifyOtpRequest = z.input<typeof StaffVerifyOtpRequest>;

/** `POST admin-sessions/otp/verify` answer: the session may now use what the user's roles allow. */
export const StaffVerifyOtpResponse = z
  .object({ verified: z.literal(true), user: StaffMeResponse })
  .meta({ id: 'StaffVerifyOtpResponse' });
export type StaffVerifyOtpResponse = z.infer<typeof StaffVerifyOtpResponse>;

/** `POST admin-sessions/reset-password-request`. */
export const StaffResetPasswordRequest = z.object({ email: zEmail() }).meta({ id: 'StaffResetPasswordRequest' });
export type StaffResetPasswordRequest = z.input<typeof StaffResetPasswordRequest>;

/** Path of `GET admin-sessions/verify-reset-url/{token}` (no schema id: a path parameter). */
export const ResetUrlParams = z.object({ token: z.string().min(1).max(200) });

/** `GET admin-sessions/verify-reset-url/{token}` answer for a usable link. */
export const ResetUrlResponse = z
  .object({
    valid: z.literal(true),
    /** Masked email of the account the link is for. */
    email: z.string(),
    /** ISO 8601: the link stops working then. */
    expiresAt: z.string(),
  })
  .meta({ id: 'ResetUrlResponse' });
export type ResetUrlResponse = z.infer<typeof ResetUrlResponse>;

/** `POST admin-sessions/reset-password`: the token from the link and the new password. */
export const StaffSetPasswordRequest = z
  .object({ token: zRequiredString(), password: zStrongPassword(), passwordConfirmation: zRequiredString() })
  .superRefine((value, ctx) => {
    if (value.password !== value.passwordConfirmation) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: ACCOUNT_MESSAGES.passwordsDiffer });
    }
  })
  .meta({ id: 'StaffSetPasswordRequest' });
export type StaffSetPasswordRequest = z.input<typeof StaffSetPasswordRequest>;
