import { z } from 'zod';

/**
 * The fast-track rule's conditions (issue 21 item 2, decision 034), in the order they are shown.
 * A claim is approved by the rule only when every one passes.
 */
export const FAST_TRACK_CONDITIONS = [
  'withinThreshold',
  'identityPassed',
  'bankMatchPassed',
  'notDeceased',
  'namesMatch',
  'noOtherOpenClaim',
  'noRiskFlags',
] as const;
export type FastTrackCondition = (typeof FAST_TRACK_CONDITIONS)[number];

/** Each condition in words, as staff read it on the claim page. */
export const FAST_TRACK_CONDITION_LABELS: Record<FastTrackCondition, string> = {
  withinThreshold: "At or under the fund's fast-track amount",
  identityPassed: 'Identity check passed',
  bankMatchPassed: 'Bank match passed',
  notDeceased: 'No warning: deceased',
  namesMatch: 'No warning: name mismatch',
  noOtherOpenClaim: 'No other open claim',
  noRiskFlags: 'No fraud or risk flag',
};

/** The lowest population-register name score that counts as the names matching (0 to 100). */
export const FAST_TRACK_MIN_NAME_SCORE = 80;

/** Texts of the fast track. */
export const FAST_TRACK_MESSAGES = {
  decidedBy: 'Decided by the fast-track rule',
  /** The promise the member reads before submitting (and staff on the fund screen). */
  promise: (days: number) => `Fast track: usually paid within ${days} days`,
  promiseCaption: 'Claims at or under this amount are approved at once when every check passes.',
  referred: 'Not fast-tracked: the claim goes to staff for review',
  daysRequired: 'Give the number of days members are told (1 to 90).',
} as const;

/** One condition's result, with what was found in words (never an ID or account number). */
export const FastTrackConditionResponse = z
  .object({
    key: z.enum(FAST_TRACK_CONDITIONS),
    label: z.string(),
    passed: z.boolean(),
    detail: z.string(),
  })
  .meta({ id: 'FastTrackConditionResponse' });
export type FastTrackConditionResponse = z.infer<typeof FastTrackConditionResponse>;

/** The rule's evaluation of a claim at submission: approved by the rule, or referred to staff. */
export const FastTrackDecisionResponse = z
  .object({
    outcome: z.enum(['approved', 'referred']),
    /** The fund's threshold then (cents, gross benefit amount). */
    thresholdCents: z.number().int(),
    /** The promise's days then. */
    days: z.number().int(),
    evaluatedAt: z.iso.datetime(),
    conditions: z.array(FastTrackConditionResponse),
  })
  .meta({ id: 'FastTrackDecisionResponse' });
export type FastTrackDecisionResponse = z.infer<typeof FastTrackDecisionResponse>;
