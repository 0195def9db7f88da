import { z } from 'zod';

/**
 * What must hold before a claim is approved (issue 36 item 1, decision 041), in the order staff
 * read them on the claim page: the fund's process steps that come before the decision have passed,
 * the claim's documents are accepted, the bank match of its account has run and passed, and it has
 * no fraud or risk flag (issue 36 item 3: a flagged claim is approved only with an override).
 */
export const APPROVAL_CHECKS = ['processSteps', 'documents', 'bankMatch', 'riskFlags'] as const;
export type ApprovalCheck = (typeof APPROVAL_CHECKS)[number];

/** Each check in words. */
export const APPROVAL_CHECK_LABELS: Record<ApprovalCheck, string> = {
  processSteps: 'Process steps passed',
  documents: 'Documents accepted',
  bankMatch: 'Bank match run and passed',
  riskFlags: 'No risk flags',
};

/** Texts of approvals: the checks, overrides and the second approval (four-eyes). */
export const APPROVAL_MESSAGES = {
  /** The 409's message when checks are unmet; `errors` names each unmet check. */
  notReady: 'This claim cannot be approved yet: some approval checks are not met.',
  overridePermission:
    'Approving a claim whose checks are not all met needs the permission to override approval checks (claims.override).',
  overrideReasonTooShort: 'Give the reason for approving anyway (at least 10 characters).',
  netAmountChanged: 'The net payout has changed since you opened the claim. Check it again before approving.',
  awaitingSecondApproval: 'Approved, awaiting second approval',
  sameApprover: 'A second approval must come from another person than the first.',
  changedBankDetails: "You changed this claim's bank details, so you cannot give its second approval.",
  reviewedIdentity: "You reviewed this member's identity images, so you cannot give its second approval.",
  notAwaitingSecond: 'This claim is not awaiting a second approval.',
  sendBackReasonRequired: 'Give the reason for sending the approval back (at least 3 characters).',
  secondAtOrAboveFastTrack:
    'The second-approval amount must be at or above the fast-track amount, so that fast-tracked claims never need two people.',
} as const;

/** One approval check's result, with what was found in words (never an ID or account number). */
export const ApprovalCheckResponse = z
  .object({
    key: z.enum(APPROVAL_CHECKS),
    label: z.string(),
    passed: z.boolean(),
    detail: z.string(),
  })
  .meta({ id: 'ApprovalCheckResponse' });
export type ApprovalCheckResponse = z.infer<typeof ApprovalCheckResponse>;

/** An approval given although checks were unmet: why, by whom (staff user id), when, and which checks. */
export const ApprovalOverrideResponse = z
  .object({
    reason: z.string(),
    byUserId: z.number().int(),
    at: z.iso.datetime(),
    unmetChecks: z.array(z.enum(APPROVAL_CHECKS)),
  })
  .meta({ id: 'ApprovalOverrideResponse' });
export type ApprovalOverrideResponse = z.infer<typeof ApprovalOverrideResponse>;

/**
 * A claim's approval on the claim page: the checks, whether it needs two people (its gross amount,
 * cents, over the fund's second-approval amount), the first approval when given, and an override.
 */
export const ClaimApprovalResponse = z
  .object({
    checks: z.array(ApprovalCheckResponse),
    /** Every check passed. */
    ready: z.boolean(),
    /** The fund's second-approval amount (cents); null when one approval suffices. */
    secondApprovalThresholdCents: z.number().int().nullable(),
    needsSecondApproval: z.boolean(),
    /** The first of two approvals, while the claim awaits the second. */
    firstApproval: z.object({ byUserId: z.number().int(), byName: z.string(), at: z.iso.datetime() }).nullable(),
    override: ApprovalOverrideResponse.nullable(),
  })
  .meta({ id: 'ClaimApprovalResponse' });
export type ClaimApprovalResponse = z.infer<typeof ClaimApprovalResponse>;

/** `POST benefits/claim/{id}/approval/send-back`: the second approver returns the first approval, with the reason. */
export const SendBackApprovalRequest = z
  .object({ reason: z.string().trim().min(3, APPROVAL_MESSAGES.sendBackReasonRequired).max(500) })
  .meta({ id: 'SendBackApprovalRequest' });
export type SendBackApprovalRequest = z.infer<typeof SendBackApprovalRequest>;
