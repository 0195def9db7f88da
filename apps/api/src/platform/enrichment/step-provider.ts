import { ENRICHMENT_STEP_KINDS, type EnrichmentResult, type EnrichmentStepKind } from '@bcp/contract';

/**
 * What a step provider is asked about one person (issue 17). The full ID number goes to the
 * provider only, never to logs; `purpose` is the lawful purpose the look-up is made for.
 */
export interface StepRequest {
  idNumber: string;
  firstName: string;
  lastName: string;
  /** `YYYY-MM-DD`. */
  dateOfBirth: string;
  /** contract ENRICHMENT_LAWFUL_PURPOSE (NCR 18(4)(h)). */
  purpose: string;
}

/** A candidate contact detail found by a trace. */
export interface TracedContact {
  channel: 'phone' | 'email';
  /** E.164 or lower-case email. */
  value: string;
  /** 0 to 100. */
  confidence: number;
  source: string;
}

/**
 * A provider's answer. `details` by step:
 * - `id_validation`: `{ reason?: string, dateOfBirth?, gender?, citizenship? }`
 * - `population_register`: `{ deceasedOn: 'YYYY-MM-DD' | null, nameScore: 0-100, blocked: boolean }`
 * - `contact_trace`: `{ candidates: TracedContact[] }`
 */
export interface StepAnswer {
  result: EnrichmentResult;
  details: Record<string, unknown>;
  /** The provider's reference of the look-up (for disputes and invoices). */
  reference: string;
  /** What the look-up cost, cents (ZAR). */
  costCents: number;
}

/** Thrown by a provider that could not answer (unreachable, refused, bad answer): the look-up is `failed`. */
export class StepProviderError extends Error {
  override name = 'StepProviderError';
}

/**
 * One enrichment step's provider (DESIGN.md "Providers"): the built-in sandbox, the local ID
 * number check, or a real bureau's adapter. To plug a real one in, implement `lookUp` (map the
 * request to the bureau's call, its answer to a `StepAnswer`, throw `StepProviderError` when it
 * cannot answer) and choose it in `createStepProviders` (`step-providers.ts`) by configuration.
 */
export interface StepProvider {
  readonly kind: EnrichmentStepKind;
  /** `local` (no outside call), `sandbox`, or the adapter's name. */
  readonly name: string;
  lookUp(request: StepRequest): Promise<StepAnswer>;
}

/** The provider of each step kind; a kind without one (`ENRICHMENT_PROVIDER=none`) fails its look-ups. */
export type StepProviders = Partial<Record<EnrichmentStepKind, StepProvider>>;

/** What one look-up of a kind costs by the contract's price list, cents. */
export function listedCostCents(kind: EnrichmentStepKind): number {
  return ENRICHMENT_STEP_KINDS.find((step) => step.kind === kind)?.costCents ?? 0;
}
