/**
 * Reference data of the back office kept in code (issue 8): the kinds of South African retirement
 * fund, the kinds of step a claim goes through, and the kinds of partner. The server syncs the fund
 * types into its `fund_types` table at start (like SOUTH_AFRICAN_BANKS).
 */

/** Kinds of retirement fund under the Pension Funds Act, with what staff read. */
export const FUND_TYPES = [
  { code: 'pension', name: 'Pension fund' },
  { code: 'provident', name: 'Provident fund' },
  { code: 'pension-preservation', name: 'Pension preservation fund' },
  { code: 'provident-preservation', name: 'Provident preservation fund' },
  { code: 'retirement-annuity', name: 'Retirement annuity fund' },
  { code: 'umbrella', name: 'Umbrella fund' },
  { code: 'beneficiary', name: 'Beneficiary fund' },
] as const;
export type FundTypeCode = (typeof FUND_TYPES)[number]['code'];

export const FUND_STATUSES = ['active', 'archived'] as const;
export type FundStatus = (typeof FUND_STATUSES)[number];

/**
 * The kinds of step of a claim's staff checklist (`GET funds/{id}/process-steps/steps`). `actor` is
 * who records the outcome: staff in the back office, or the fund administrator through the partner
 * API (issue 9). A fund orders the kinds it needs; without its own list it uses DEFAULT_PROCESS_STEPS.
 */
export const PROCESS_STEP_KINDS = [
  {
    kind: 'identity-check',
    label: 'Identity check',
    actor: 'staff',
    description: 'The member is the person the benefit belongs to (ID number, identity verification).',
  },
  {
    kind: 'bank-account-verification',
    label: 'Bank account verification',
    actor: 'staff',
    description: "The bank account is open and in the member's name (account verification).",
  },
  {
    kind: 'document-review',
    label: 'Document review',
    actor: 'staff',
    description: 'The copy of the ID and the proof of bank account are legible and match the claim.',
  },
  {
    kind: 'tax-directive',
    label: 'SARS tax directive',
    actor: 'staff',
    description: 'A tax directive from SARS for the lump sum, where the fund needs one.',
  },
  {
    kind: 'fund-administrator-approval',
    label: 'Fund administrator approval',
    actor: 'partner',
    description: 'The fund administrator confirms the benefit and approves the payment.',
  },
  {
    kind: 'payment',
    label: 'Payment',
    actor: 'staff',
    description: 'The net payout was paid into the bank account.',
  },
] as const;
export type ProcessStepKind = (typeof PROCESS_STEP_KINDS)[number]['kind'];
export const PROCESS_STEP_KIND_CODES = PROCESS_STEP_KINDS.map((step) => step.kind) as [
  ProcessStepKind,
  ...ProcessStepKind[],
];

/** The checklist of a fund that has not set its own: every kind but the tax directive, in order. */
export const DEFAULT_PROCESS_STEPS: readonly ProcessStepKind[] = [
  'identity-check',
  'bank-account-verification',
  'document-review',
  'fund-administrator-approval',
  'payment',
];

/**
 * Step kinds that follow the decision rather than lead to it: the administrator's approval is the
 * decision itself and the payment comes after. Every other step of a claim must have passed before
 * it is approved (issue 36 item 1).
 */
export const PROCESS_STEP_KINDS_AFTER_DECISION: readonly ProcessStepKind[] = ['fund-administrator-approval', 'payment'];

/** The label of a step kind. */
export function processStepLabel(kind: ProcessStepKind): string {
  return PROCESS_STEP_KINDS.find((step) => step.kind === kind)?.label ?? kind;
}

/** Outcomes of a claim's step: pending until staff or the fund administrator record it. */
export const CLAIM_PROCESS_STEP_STATUSES = ['pending', 'passed', 'failed'] as const;
export type ClaimProcessStepStatus = (typeof CLAIM_PROCESS_STEP_STATUSES)[number];

/** Kinds of partner: a tracing company finding members for funds, or a fund's administrator. */
export const PARTNER_KINDS = ['tracing-partner', 'fund-administrator'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];
export const PARTNER_KIND_LABELS: Record<PartnerKind, string> = {
  'tracing-partner': 'Tracing partner',
  'fund-administrator': 'Fund administrator',
};
