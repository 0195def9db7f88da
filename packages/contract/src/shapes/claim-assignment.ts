import { z } from 'zod';

/**
 * Claim assignment (issue 36 item 4, decision 040): the staff user working a claim. Anyone with
 * `claims.review` may take a claim (assign it to themself) or let it go; giving it to someone else,
 * or taking it from someone else, needs `claims.assign`. Only active staff users holding
 * `claims.review` can be assignees. Every change is audited (`claims.assigned`).
 */

/** The most claims one bulk assignment takes. */
export const BULK_ASSIGN_LIMIT = 100;

/** Texts of assignment. */
export const ASSIGNMENT_MESSAGES = {
  notAssignable: 'This person cannot be given claims: only active staff users who review claims can.',
  othersPermission: 'Giving a claim to someone else, or taking it from them, needs the permission claims.assign.',
  tooMany: `Assign at most ${BULK_ASSIGN_LIMIT} claims at once.`,
  noClaims: 'Choose at least one claim.',
  duplicateClaims: 'Each claim only once.',
  claimsNotFound: 'Some of these claims do not exist.',
} as const;

/** The staff user a claim is assigned to, and since when. */
export const ClaimAssigneeResponse = z
  .object({
    userId: z.number().int(),
    name: z.string(),
    assignedAt: z.iso.datetime(),
  })
  .meta({ id: 'ClaimAssigneeResponse' });
export type ClaimAssigneeResponse = z.infer<typeof ClaimAssigneeResponse>;

const zUserId = z.number().int().positive().nullable();

/** `POST benefits/claim/{id}/assignee`: the staff user to give the claim to; null unassigns. */
export const ClaimAssigneeRequest = z
  .strictObject({
    /** The staff user (users.id); null: nobody. */
    userId: zUserId,
  })
  .meta({ id: 'ClaimAssigneeRequest', examples: [{ userId: 7 }, { userId: null }] });
export type ClaimAssigneeRequest = z.infer<typeof ClaimAssigneeRequest>;

/** `POST benefits/claims/assignee`: several claims (at most 100) to one staff user, or to nobody. */
export const BulkClaimAssigneeRequest = z
  .strictObject({
    claimIds: z
      .array(z.number().int().positive())
      .min(1, ASSIGNMENT_MESSAGES.noClaims)
      .max(BULK_ASSIGN_LIMIT, ASSIGNMENT_MESSAGES.tooMany)
      .refine((ids) => new Set(ids).size === ids.length, ASSIGNMENT_MESSAGES.duplicateClaims),
    userId: zUserId,
  })
  .meta({ id: 'BulkClaimAssigneeRequest', examples: [{ claimIds: [41, 42], userId: 7 }] });
export type BulkClaimAssigneeRequest = z.infer<typeof BulkClaimAssigneeRequest>;

/** The bulk answer: how many claims changed hands (claims already with that assignee are left as they are). */
export const BulkClaimAssigneeResponse = z
  .object({ changed: z.number().int(), unchanged: z.number().int() })
  .meta({ id: 'BulkClaimAssigneeResponse' });
export type BulkClaimAssigneeResponse = z.infer<typeof BulkClaimAssigneeResponse>;

/** A staff user who can be given claims (`GET benefits/claims/assignees`). */
export const ClaimAssigneeOptionResponse = z
  .object({ userId: z.number().int(), name: z.string(), email: z.string() })
  .meta({ id: 'ClaimAssigneeOptionResponse' });
export type ClaimAssigneeOptionResponse = z.infer<typeof ClaimAssigneeOptionResponse>;

export const ClaimAssigneeOptionsResponse = z
  .object({ items: z.array(ClaimAssigneeOptionResponse) })
  .meta({ id: 'ClaimAssigneeOptionsResponse' });
export type ClaimAssigneeOptionsResponse = z.infer<typeof ClaimAssigneeOptionsResponse>;

/** The answer to one assignment: the claim's assignee now (null: nobody). */
export const ClaimAssignmentResponse = z
  .object({ assignee: ClaimAssigneeResponse.nullable() })
  .meta({ id: 'ClaimAssignmentResponse' });
export type ClaimAssignmentResponse = z.infer<typeof ClaimAssignmentResponse>;
