import { z } from 'zod';

/** Outcomes of an identity check (spec section 3 `iidentifiiVerified`). */
export const IDENTITY_CHECK_STATUSES = ['pending', 'passed', 'failed'] as const;
export type IdentityCheckStatus = (typeof IDENTITY_CHECK_STATUSES)[number];

/**
 * The member's latest identity check, so the app can say "your check failed: <reason>, try again".
 * Times are ISO 8601 UTC.
 */
export const IdentityVerificationResponse = z
  .object({
    status: z.enum(IDENTITY_CHECK_STATUSES),
    /** The provider's reason when `status` is `failed`; otherwise null. */
    failureReason: z.string().nullable(),
    createdAt: z.string(),
    /** When the provider's result arrived; null while pending. */
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'IdentityVerificationResponse' });
export type IdentityVerificationResponse = z.infer<typeof IdentityVerificationResponse>;

/**
 * The body an identity provider (or the built-in sandbox) POSTs to
 * `/api/app/identity-verifications/callback`, signed in the `X-Signature` header
 * (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`).
 */
export const IdentityCallbackRequest = z
  .object({
    /** The provider's reference of the check, as returned when the check was created. */
    reference: z.string().min(1).max(200),
    status: z.enum(['passed', 'failed']),
    /** Why the check failed, in words the member can read. */
    reason: z.string().max(500).optional(),
    /** When the provider decided, ISO 8601. */
    timestamp: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'IdentityCallbackRequest' });
export type IdentityCallbackRequest = z.infer<typeof IdentityCallbackRequest>;

/** 200 answer to a valid callback (also to a replay of one already received). */
export const IdentityCallbackResponse = z
  .object({ received: z.literal(true) })
  .meta({ id: 'IdentityCallbackResponse' });
export type IdentityCallbackResponse = z.infer<typeof IdentityCallbackResponse>;
