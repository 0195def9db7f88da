import { z } from 'zod';
import { FILE_UPLOAD_TYPES } from '../file-uploads/types.js';
import { zBoundedString, zRequiredString } from '../rules/zod-rules.js';
import { zOptionalEmail, zOptionalPhoneNumber, zTwoFactorMethod } from './accounts.js';
import { BENEFIT_STATUSES } from './benefits.js';
import { listQuery, listResponse, zQueryId } from './lists.js';

/**
 * Staff views and corrections of the people behind benefits (spec 7 `/api/v1/benefits/{id}/person`,
 * `{id}/user`, `{id}/source`, `person/source/{id}`, `person/images`, `edit/{id}`,
 * `update/person/{id}`, `person/user/delete/{id}`, `person/password/{id}`; issue 18). Every view of
 * personal data is audited; every correction needs a reason, kept in the audit trail.
 */

const zIso = () => z.iso.datetime();

/** `GET benefits/{id}/person`: the person as the fund data knows them (full ID number: the view is audited). */
export const AdminPersonResponse = z
  .object({
    id: z.number().int(),
    idNumber: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** YYYY-MM-DD, from the ID number. */
    dateOfBirth: z.string(),
    gender: z.enum(['female', 'male']),
    email: z.string().nullable(),
    /** E.164. */
    phoneNumber: z.string().nullable(),
    /** The person signed up (has a member account, open or closed). */
    hasAccount: z.boolean(),
    createdAt: zIso(),
    updatedAt: zIso(),
  })
  .meta({ id: 'AdminPersonResponse' });
export type AdminPersonResponse = z.infer<typeof AdminPersonResponse>;

/** One identity check of a member's account. */
export const AdminIdentityCheckResponse = z
  .object({
    id: z.number().int(),
    provider: z.string(),
    status: z.enum(['pending', 'passed', 'failed']),
    failureReason: z.string().nullable(),
    createdAt: zIso(),
    completedAt: zIso().nullable(),
  })
  .meta({ id: 'AdminIdentityCheckResponse' });

/** A device registered for push: the token masked (it addresses the member's phone). */
export const AdminDeviceResponse = z
  .object({
    id: z.number().int(),
    source: z.enum(['APP', 'WEB']),
    /** The last 6 characters of the token. */
    tokenMasked: z.string(),
    createdAt: zIso(),
    refreshedAt: zIso(),
  })
  .meta({ id: 'AdminDeviceResponse' });

/** A sign-in session of the member (never its token). */
export const AdminSessionResponse = z
  .object({
    id: z.number().int(),
    verified: z.boolean(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    createdAt: zIso(),
    lastSeenAt: zIso(),
    expiresAt: zIso(),
    revokedAt: zIso().nullable(),
    revokedReason: z.string().nullable(),
  })
  .meta({ id: 'AdminSessionResponse' });

/** `GET benefits/{id}/user`: the person's member account (audited view). */
export const AdminPersonUserResponse = z
  .object({
    id: z.number().int(),
    personId: z.number().int(),
    email: z.string().nullable(),
    emailVerifiedAt: zIso().nullable(),
    phoneNumber: z.string().nullable(),
    phoneVerifiedAt: zIso().nullable(),
    iidentifiiVerified: z.boolean(),
    iidentifiiVerifiedAt: zIso().nullable(),
    failedLoginCount: z.number().int(),
    lockedAt: zIso().nullable(),
    termsAcceptedAt: zIso(),
    /** Closed on the member's request (`DELETE benefits/person/user/delete/{id}`). */
    closedAt: zIso().nullable(),
    createdAt: zIso(),
    /** The notification settings the member chose (spec 8 "Notification Settings"). */
    notificationSettings: z.object({ twoFactorMethod: zTwoFactorMethod }),
    identityChecks: z.array(AdminIdentityCheckResponse),
    devices: z.array(AdminDeviceResponse),
    /** Newest first, at most 50. */
    sessions: z.array(AdminSessionResponse),
  })
  .meta({ id: 'AdminPersonUserResponse' });
export type AdminPersonUserResponse = z.infer<typeof AdminPersonUserResponse>;

/** A row of an uploaded file as it was read: the values loaded, the cells as in the file, the findings. */
export const AdminSourceRowResponse = z
  .object({
    upload: z.object({
      id: z.number().int(),
      fundId: z.number().int(),
      kind: z.enum(FILE_UPLOAD_TYPES),
      fileName: z.string().nullable(),
      status: z.string(),
      createdAt: zIso(),
    }),
    /** 1-based line in the file (the header is line 1). */
    line: z.number().int(),
    refused: z.boolean(),
    /** Normalised values by field key (`id_number`, `amount_cents`, ...). */
    values: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
    /** The original cells, as in the file. */
    cells: z.array(z.string()),
    findings: z.array(z.object({ level: z.enum(['error', 'warning']), field: z.string(), message: z.string() })),
  })
  .meta({ id: 'AdminSourceRowResponse' });
export type AdminSourceRowResponse = z.infer<typeof AdminSourceRowResponse>;

/** `GET benefits/person/source/{id}`: every source row of a person, newest upload first. */
export const AdminSourceRowListResponse = listResponse(AdminSourceRowResponse).meta({
  id: 'AdminSourceRowListResponse',
});
export type AdminSourceRowListResponse = z.infer<typeof AdminSourceRowListResponse>;

/** `GET benefits/person/images` query. */
export const PersonImagesQuery = z.object({ personId: zQueryId() });

/** An image an identity check took (selfie, ID document), kept in the private file store. */
export const AdminIdentityImageResponse = z
  .object({
    id: z.number().int(),
    identityCheckId: z.number().int(),
    /** `selfie` | `id-document` */
    kind: z.string(),
    contentType: z.enum(['image/jpeg', 'image/png']),
    sizeBytes: z.number().int(),
    /** `data:<type>;base64,...`: to show as it is (never cached: `Cache-Control: no-store`). */
    dataUrl: z.string(),
    createdAt: zIso(),
  })
  .meta({ id: 'AdminIdentityImageResponse' });
export type AdminIdentityImageResponse = z.infer<typeof AdminIdentityImageResponse>;

export const AdminIdentityImageListResponse = listResponse(AdminIdentityImageResponse).meta({
  id: 'AdminIdentityImageListResponse',
});
export type AdminIdentityImageListResponse = z.infer<typeof AdminIdentityImageListResponse>;

/** Messages of the staff corrections (issue 18). */
export const PERSON_ADMIN_MESSAGES = {
  reasonRequired: 'Give the reason for this change.',
  nothingToChange: 'Change at least one field.',
  claimInFlight: 'This benefit has a claim being decided: correct it once the claim is decided.',
  noAccount: 'This person has no member account.',
  accountClosed: "This member's account is closed.",
  /** A member whose PIN destination is gone (closed account): no PIN can be sent. */
  noPinDestination: 'There is no phone number or email on this account to send a PIN to. Please contact us.',
  sourceNotFound: 'This benefit did not come from an uploaded file.',
  personNotFound: 'Person not found.',
} as const;

const zReason = () => zRequiredString(500).pipe(z.string().trim().min(3, PERSON_ADMIN_MESSAGES.reasonRequired));

/** A benefit type as funds name them: lower-case letters, digits, `-` or `_` (e.g. `withdrawal`). */
const zBenefitType = () =>
  zBoundedString(40)
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.string().regex(/^[a-z][a-z0-9_-]{1,39}$/, 'Use letters, digits, - or _.'));

/**
 * `PATCH benefits/edit/{id}`: correct a benefit's gross amount (cents), type or status, with the
 * reason. Refused (409) while the benefit's claim is submitted, in review or approved.
 */
export const AdminBenefitEditRequest = z
  .object({
    amountCents: z.number().int().min(0).max(100_000_000_000).optional(),
    benefitType: zBenefitType().optional(),
    status: z.enum(BENEFIT_STATUSES).optional(),
    reason: zReason(),
  })
  .superRefine((value, ctx) => {
    if (value.amountCents === undefined && value.benefitType === undefined && value.status === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: PERSON_ADMIN_MESSAGES.nothingToChange });
    }
  })
  .meta({ id: 'AdminBenefitEditRequest' });
export type AdminBenefitEditRequest = z.output<typeof AdminBenefitEditRequest>;

const zPersonName = () =>
  zRequiredString(120)
    .transform((value) => value.trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(1, 'Field is required'));

/**
 * `PATCH benefits/update/person/{id}` (person id): correct names and contact details of the person
 * (the fund data), with the reason. `null` clears a contact detail. The member account's sign-in
 * email and phone are the member's own and do not change here.
 */
export const AdminPersonUpdateRequest = z
  .object({
    firstName: zPersonName().optional(),
    lastName: zPersonName().optional(),
    email: zOptionalEmail().nullable(),
    phoneNumber: zOptionalPhoneNumber().nullable(),
    reason: zReason(),
  })
  .superRefine((value, ctx) => {
    const { reason: _reason, ...changes } = value;
    if (Object.values(changes).every((change) => change === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['firstName'], message: PERSON_ADMIN_MESSAGES.nothingToChange });
    }
  })
  .meta({ id: 'AdminPersonUpdateRequest' });
export type AdminPersonUpdateRequest = z.output<typeof AdminPersonUpdateRequest>;

/** `DELETE benefits/person/user/delete/{id}` (person id): close the member's account on their request. */
export const AdminCloseAccountRequest = z.object({ reason: zReason() }).meta({ id: 'AdminCloseAccountRequest' });
export type AdminCloseAccountRequest = z.output<typeof AdminCloseAccountRequest>;

/** What closing an account removed. */
export const AdminCloseAccountResponse = z
  .object({
    personUserId: z.number().int(),
    closedAt: zIso(),
    sessionsEnded: z.number().int(),
    devicesRemoved: z.number().int(),
    notificationsRemoved: z.number().int(),
    bankAccountsRemoved: z.number().int(),
    identityImagesRemoved: z.number().int(),
  })
  .meta({ id: 'AdminCloseAccountResponse' });
export type AdminCloseAccountResponse = z.infer<typeof AdminCloseAccountResponse>;

/** `PATCH benefits/person/password/{id}` (person id): a reset PIN went to the member, by their method. */
export const AdminPasswordResetResponse = z
  .object({ method: zTwoFactorMethod, sentTo: z.string().describe('The destination, masked') })
  .meta({ id: 'AdminPasswordResetResponse' });
export type AdminPasswordResetResponse = z.infer<typeof AdminPasswordResetResponse>;

/** `GET benefits/person/source/{id}` query: pages of the one list contract (newest upload first, then by line). */
export const PersonSourceListQuery = listQuery({
  sort: ['line'],
  defaultSort: [{ field: 'line', direction: 'asc' }],
  filter: {},
});
