import { z } from 'zod';
import { TWO_FACTOR_METHODS } from '../constants.js';
import { MEMBER_LANGUAGES } from '../languages.js';
import { ACCOUNT_MESSAGES } from '../messages/accounts.js';
import { normalizePhoneNumber } from '../phone-number.js';
import { EMAIL_MAX_LENGTH, email as emailRule } from '../rules/form-rules.js';
import { RULE_MESSAGES } from '../rules/messages.js';
import { zBoundedString, zRequiredString, zSaIdNumber, zStrongPassword } from '../rules/zod-rules.js';

export const zTwoFactorMethod = z.enum(TWO_FACTOR_METHODS);
/** A member language code: `en`, `af` or `zu` (decision 036). */
export const zMemberLanguage = z.enum(MEMBER_LANGUAGES);

/** What a member types to sign in or reset: an ID number or an email (characters). */
const IDENTIFIER_MAX_LENGTH = EMAIL_MAX_LENGTH;

/** An optional email: empty means none; otherwise it must pass the spec's email rule. Output lower-case. */
export const zOptionalEmail = () =>
  zBoundedString(EMAIL_MAX_LENGTH)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const result = emailRule(value);
      if (result !== true) {
        ctx.addIssue({ code: 'custom', message: result });
        return z.NEVER;
      }
      return value.toLowerCase();
    });

/** An optional phone number: empty means none; otherwise normalised to E.164 (default region ZA). */
export const zOptionalPhoneNumber = () =>
  zBoundedString(40)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const normalized = normalizePhoneNumber(value);
      if (!normalized) {
        ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.phoneNumber });
        return z.NEVER;
      }
      return normalized;
    });

/**
 * The destination of the chosen two-factor method is required (spec 5: email required when the
 * method is EMAIL, phone number when SMS): adds 'Field is required' on the missing field.
 */
function requireMethodDestination(
  value: { twoFactorMethod: 'SMS' | 'EMAIL'; email?: string | undefined; phoneNumber?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.twoFactorMethod === 'EMAIL' && !value.email) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: RULE_MESSAGES.required });
  }
  if (value.twoFactorMethod === 'SMS' && !value.phoneNumber) {
    ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: RULE_MESSAGES.required });
  }
}

/** `POST /api/app/person-users` (sign-up). */
export const SignUpRequest = z
  .object({
    idNumber: zSaIdNumber(),
    email: zOptionalEmail(),
    phoneNumber: zOptionalPhoneNumber(),
    password: zStrongPassword(),
    passwordConfirmation: zRequiredString(),
    twoFactorMethod: zTwoFactorMethod,
    acceptTerms: z.literal(true, { error: ACCOUNT_MESSAGES.acceptTerms }),
    /** The app's language when the member signs up (decision 036): their messages' language. English when absent. */
    language: zMemberLanguage.optional(),
  })
  .superRefine((value, ctx) => {
    requireMethodDestination(value, ctx);
    if (value.password !== value.passwordConfirmation) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: ACCOUNT_MESSAGES.passwordsDiffer });
    }
  })
  .meta({
    id: 'SignUpRequest',
    // Not `examples`: Zod leaves those out of a transforming schema's input (the request body).
    'x-examples': [
      {
        idNumber: '7503140234085',
        email: 'nomsa@example.co.za',
        phoneNumber: '082 123 4567',
        password: 'Correct-Horse-42',
        passwordConfirmation: 'Correct-Horse-42',
        twoFactorMethod: 'SMS',
        acceptTerms: true,
      },
    ],
  });
export type SignUpRequest = z.input<typeof SignUpRequest>;

/**
 * The person user as the app sees it (spec section 3 "Person user").
 *
 * Before the PIN (issue 13 item 7): a session that passed the password but not yet the sign-in PIN
 * (the sign-up and sign-in answers, and `GET person-users/me` on such a session) gets `email`,
 * `phoneNumber` and `idNumber` masked as the PIN screen shows destinations (`no***@example.co.za`,
 * `+27 ** *** *567`, `*********5081`): a stolen password alone shows nothing of them. Once the PIN
 * is entered (`verifyOtp`'s answer, and `person-users/me` afterwards) they are whole.
 */
export const PersonUserResponse = z
  .object({
    id: z.number().int(),
    /** Masked before the PIN (`no***@example.co.za`). */
    email: z.string().nullable(),
    /** E.164 (`+27821234567`); masked before the PIN (`+27 ** *** *567`). */
    phoneNumber: z.string().nullable(),
    twoFactorMethod: zTwoFactorMethod,
    iidentifiiVerified: z.boolean(),
    /** For greeting the member. */
    firstName: z.string(),
    /**
     * The member's own ID number: the app's `/id-verify/{idNumber}` route needs it (spec 2), and
     * reaches it only after the PIN. Before the PIN only its last 4 digits (`*********5081`).
     */
    idNumber: z.string(),
    /** The language the member's SMS, email and push messages are written in (decision 036). */
    language: zMemberLanguage,
  })
  .meta({ id: 'PersonUserResponse' });
export type PersonUserResponse = z.infer<typeof PersonUserResponse>;

/** Where a PIN was sent, masked, and when the member may ask for another. */
export const OtpSentResponse = z
  .object({
    channel: zTwoFactorMethod,
    /** Masked: `+27 ** *** *567` or `no***@example.co.za`. */
    destination: z.string(),
    /** ISO 8601. */
    expiresAt: z.string(),
    /** ISO 8601: no new PIN before this. */
    resendAvailableAt: z.string(),
  })
  .meta({
    id: 'OtpSentResponse',
    examples: [
      {
        channel: 'SMS',
        destination: '+27 ** *** *567',
        expiresAt: '2026-11-20T09:25:00.000Z',
        resendAvailableAt: '2026-11-20T09:16:00.000Z',
      },
    ],
  });
export type OtpSentResponse = z.infer<typeof OtpSentResponse>;

/**
 * Sign-up and sign-in answer: a new, not yet verified session and where its PIN went. Its
 * `personUser` is masked (see `PersonUserResponse`): the whole one comes with `VerifyOtpResponse`.
 */
export const SessionResponse = z
  .object({
    apiToken: z.string(),
    /** True once the sign-in PIN was entered (spec section 3 `verified`). */
    verified: z.boolean(),
    personUser: PersonUserResponse,
    otp: OtpSentResponse,
  })
  .meta({
    id: 'SessionResponse',
    examples: [
      {
        apiToken: 'bcp_st_3q2+7w...',
        verified: false,
        personUser: {
          id: 311,
          email: 'no***@example.co.za',
          phoneNumber: '+27 ** *** *567',
          twoFactorMethod: 'SMS',
          iidentifiiVerified: false,
          firstName: 'Nomsa',
          idNumber: '*********4085',
          language: 'en',
        },
        otp: {
          channel: 'SMS',
          destination: '+27 ** *** *567',
          expiresAt: '2026-11-20T09:25:00.000Z',
          resendAvailableAt: '2026-11-20T09:16:00.000Z',
        },
      },
    ],
  });
export type SessionResponse = z.infer<typeof SessionResponse>;

/** `POST beneficiary-sessions/login`: ID number or email, and password. */
export const LoginRequest = z
  .object({ identifier: zRequiredString(IDENTIFIER_MAX_LENGTH), password: zRequiredString() })
  .meta({ id: 'LoginRequest', examples: [{ identifier: '7503140234085', password: 'Correct-Horse-42' }] });
export type LoginRequest = z.input<typeof LoginRequest>;

/** A 6-digit PIN as typed (the spec's OTP). */
export const zOtp = () => zRequiredString(20).regex(/^\d{6}$/, ACCOUNT_MESSAGES.otpFormat);

/** `POST beneficiary-sessions/verifyOtp`. */
export const VerifyOtpRequest = z
  .object({ otp: zOtp() })
  .meta({ id: 'VerifyOtpRequest', examples: [{ otp: '482913' }] });
export type VerifyOtpRequest = z.input<typeof VerifyOtpRequest>;

/** `POST beneficiary-sessions/verifyOtp` answer: the session is verified; the whole person user. */
export const VerifyOtpResponse = z.object({ verified: z.literal(true), personUser: PersonUserResponse }).meta({
  id: 'VerifyOtpResponse',
  examples: [
    {
      verified: true,
      personUser: {
        id: 311,
        email: 'nomsa@example.co.za',
        phoneNumber: '+27821234567',
        twoFactorMethod: 'SMS',
        iidentifiiVerified: false,
        firstName: 'Nomsa',
        idNumber: '7503140234085',
        language: 'en',
      },
    },
  ],
});
export type VerifyOtpResponse = z.infer<typeof VerifyOtpResponse>;

/** `GET beneficiary-sessions/reset-password-user?identifier=` and `POST reset-password-request`. */
// No schema id: it is also a querystring, which OpenAPI cannot take by reference.
export const ResetPasswordIdentifier = z.object({ identifier: zRequiredString(IDENTIFIER_MAX_LENGTH) });
export type ResetPasswordIdentifier = z.input<typeof ResetPasswordIdentifier>;

/** Where the reset PIN goes (masked). The same shape, and a stable answer, for unknown accounts. */
export const ResetPasswordUserResponse = z
  .object({ channel: zTwoFactorMethod, destination: z.string() })
  .meta({ id: 'ResetPasswordUserResponse' });
export type ResetPasswordUserResponse = z.infer<typeof ResetPasswordUserResponse>;

/** `POST beneficiary-session/verify-reset-password-otp`. */
export const VerifyResetPasswordOtpRequest = z
  .object({ identifier: zRequiredString(IDENTIFIER_MAX_LENGTH), otp: zOtp() })
  .meta({ id: 'VerifyResetPasswordOtpRequest' });
export type VerifyResetPasswordOtpRequest = z.input<typeof VerifyResetPasswordOtpRequest>;

/** A short-lived token that allows setting a new password. */
export const ResetTokenResponse = z
  .object({ resetToken: z.string(), /** ISO 8601 */ expiresAt: z.string() })
  .meta({ id: 'ResetTokenResponse' });
export type ResetTokenResponse = z.infer<typeof ResetTokenResponse>;

/** `POST beneficiary-session/reset-password`. */
export const ResetPasswordRequest = z
  .object({ resetToken: zRequiredString(), password: zStrongPassword(), passwordConfirmation: zRequiredString() })
  .superRefine((value, ctx) => {
    if (value.password !== value.passwordConfirmation) {
      ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: ACCOUNT_MESSAGES.passwordsDiffer });
    }
  })
  .meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

/** `PUT person-users/{id}/twoFactorMethod` (spec sections 2, 5, 7). `otp` confirms a new destination. */
export const TwoFactorMethodRequest = z
  .object({
    twoFactorMethod: zTwoFactorMethod,
    email: zOptionalEmail(),
    phoneNumber: zOptionalPhoneNumber(),
    otp: zOtp().optional(),
  })
  .superRefine(requireMethodDestination)
  .meta({ id: 'TwoFactorMethodRequest' });
export type TwoFactorMethodRequest = z.input<typeof TwoFactorMethodRequest>;

/** 202 answer of `PUT person-users/{id}/twoFactorMethod` when the new destination must be confirmed. */
export const OtpRequiredResponse = z
  .object({ otpRequired: z.literal(true), message: z.string(), otp: OtpSentResponse })
  .meta({ id: 'OtpRequiredResponse' });
export type OtpRequiredResponse = z.infer<typeof OtpRequiredResponse>;

/** `PUT person-users/{id}/language` (decision 036): the language of the member's messages. */
export const MemberLanguageRequest = z
  .object({ language: zMemberLanguage })
  .meta({ id: 'MemberLanguageRequest', examples: [{ language: 'af' }] });
export type MemberLanguageRequest = z.input<typeof MemberLanguageRequest>;

/** A plain confirmation. */
export const MessageResponse = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** `GET beneficiary-sessions/iidentifii`: where the member proves their identity. */
export const IdentityVerificationUrlResponse = z
  .object({ url: z.string() })
  .meta({ id: 'IdentityVerificationUrlResponse' });
export type IdentityVerificationUrlResponse = z.infer<typeof IdentityVerificationUrlResponse>;
