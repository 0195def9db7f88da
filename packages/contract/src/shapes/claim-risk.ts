import { z } from 'zod';

/**
 * Fraud and risk signals on claims (issue 36 item 3, decision 040), in the order staff read them:
 * computed when the member submits and again when the claim's data changes. A claim with a flag
 * is never fast-tracked; the staff queue filters (`filter[flagged]=true`) and sorts
 * (`sort=riskFlagCount:desc`) by them.
 */
export const RISK_SIGNALS = [
  'sharedAccount',
  'recentChange',
  'nameMismatch',
  'sharedOrigin',
  'identityRetries',
  'deceased',
] as const;
export type RiskSignal = (typeof RISK_SIGNALS)[number];

/** Each signal in words, as its flag's title. */
export const RISK_SIGNAL_LABELS: Record<RiskSignal, string> = {
  sharedAccount: 'Payee account used by another person',
  recentChange: 'Details changed shortly before the claim',
  nameMismatch: "Account holder's name does not match the member",
  sharedOrigin: 'Several accounts from one device or address',
  identityRetries: 'Identity check tried many times',
  deceased: 'Member recorded as deceased',
};

/**
 * A record behind a flag that staff can open: another person's claim (`claimId`) or the person's
 * page (`benefitId`, one of their benefits: the back office opens a person by a benefit).
 */
export const RiskFlagLinkResponse = z
  .object({
    label: z.string(),
    claimId: z.number().int().nullable(),
    benefitId: z.number().int().nullable(),
  })
  .meta({ id: 'RiskFlagLinkResponse' });
export type RiskFlagLinkResponse = z.infer<typeof RiskFlagLinkResponse>;

/** A figure or time behind a flag (`changedAt`, `failedChecks`, `nameScore`, ...). */
const zFact = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One raised signal: its key and title, a plain explanation, and the data behind it. */
export const RiskFlagResponse = z
  .object({
    key: z.enum(RISK_SIGNALS),
    label: z.string(),
    /** What was found, in plain words (never a full ID or account number). */
    explanation: z.string(),
    data: z.object({
      /** The other persons and claims involved, to open. */
      links: z.array(RiskFlagLinkResponse),
      /** The figures and times found, by name. */
      facts: z.record(z.string(), zFact),
    }),
  })
  .meta({ id: 'RiskFlagResponse' });
export type RiskFlagResponse = z.infer<typeof RiskFlagResponse>;

/** The risk part of a claim for staff: its flags and when they were last computed (null: never). */
export const ClaimRiskResponse = z
  .object({
    flags: z.array(RiskFlagResponse),
    evaluatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'ClaimRiskResponse' });
export type ClaimRiskResponse = z.infer<typeof ClaimRiskResponse>;
