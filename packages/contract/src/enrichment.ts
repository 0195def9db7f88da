/**
 * Enrichment of member data (issue 17): the steps a fund runs on the persons of its member files
 * before tracing partners and outreach take over. Each step is a provider adapter with a built-in
 * sandbox (apps/api `platform/enrichment`); a fund orders the steps it wants (spec 7
 * `funds/{id}/enrichment-steps`), or uses DEFAULT_ENRICHMENT_STEPS.
 */
export const ENRICHMENT_STEP_KINDS = [
  {
    kind: 'id_validation',
    label: 'ID number validation',
    description: 'Checks the ID number itself: Luhn check digit, date of birth, gender and citizenship digits.',
    /** The person's fields the step sends. */
    needs: ['id_number'],
    /** What one look-up costs, in cents (ZAR). Local: free. */
    costCents: 0,
    /** Days a result is reused before the step looks again. */
    validDays: 3650,
  },
  {
    kind: 'population_register',
    label: 'Population register',
    description:
      'Home Affairs checks through a verification bureau: alive or deceased (with the date of death), ' +
      'how well the names match, and whether the ID number is blocked. A deceased member\u2019s benefits go to ' +
      'the fund\u2019s dependants\u2019 process (Pension Funds Act s37C).',
    needs: ['id_number', 'first_name', 'last_name'],
    costCents: 450,
    validDays: 90,
  },
  {
    kind: 'contact_trace',
    label: 'Contact trace',
    description:
      'Current mobile numbers and email addresses from a credit bureau trace, each with a confidence and ' +
      'source, kept as candidate contact details (never replacing details the member gave).',
    needs: ['id_number', 'first_name', 'last_name'],
    costCents: 1200,
    validDays: 30,
  },
] as const;

export type EnrichmentStepKind = (typeof ENRICHMENT_STEP_KINDS)[number]['kind'];
export const ENRICHMENT_STEP_KIND_CODES = ENRICHMENT_STEP_KINDS.map((step) => step.kind) as [
  EnrichmentStepKind,
  ...EnrichmentStepKind[],
];

/** The steps of a fund that has not set its own, in order. */
export const DEFAULT_ENRICHMENT_STEPS: readonly EnrichmentStepKind[] = [
  'id_validation',
  'population_register',
  'contact_trace',
];

/**
 * The lawful purpose recorded with every look-up (National Credit Regulations 18(4)(h): a credit
 * bureau may give consumer information to trace persons for the distribution of unclaimed funds).
 */
export const ENRICHMENT_LAWFUL_PURPOSE =
  'NCR 18(4)(h): tracing the member to distribute unclaimed retirement fund benefits';

/** Where one person's look-up of a step stands. */
export const ENRICHMENT_RECORD_STATUSES = ['pending', 'completed', 'failed'] as const;
export type EnrichmentRecordStatus = (typeof ENRICHMENT_RECORD_STATUSES)[number];

/**
 * What a completed look-up found: `valid`/`invalid` (id_validation); `alive`, `deceased`,
 * `not_found`, `blocked` (population_register); `found`/`not_found` (contact_trace).
 */
export const ENRICHMENT_RESULTS = ['valid', 'invalid', 'alive', 'deceased', 'blocked', 'not_found', 'found'] as const;
export type EnrichmentResult = (typeof ENRICHMENT_RESULTS)[number];

/** Which records a rerun looks up again. */
export const ENRICHMENT_RERUN_SCOPES = ['all', 'failed', 'selected'] as const;

/** Where an enrichment run stands (its progress is `done` of `total`). */
export const ENRICHMENT_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/** The label of a step kind. */
export function enrichmentStepLabel(kind: EnrichmentStepKind): string {
  return ENRICHMENT_STEP_KINDS.find((step) => step.kind === kind)?.label ?? kind;
}

/** Messages of the enrichment calls. */
export const ENRICHMENT_MESSAGES = {
  duplicate: 'Each step appears once.',
  selectedNeedsPersons: 'Name the persons to look up again (personIds) when the scope is selected.',
  personsOnlyWhenSelected: 'Give personIds only with the scope selected.',
  runNotFound: 'No such enrichment run.',
  stepNotInFund: 'This fund does not run this step: add it to its enrichment steps first.',
  /** Why a benefit cannot be claimed by a member sign-up (issue 17, Pension Funds Act s37C). */
  dependantsProcess:
    'The member has died: this benefit is paid to dependants through the fund (Pension Funds Act section 37C). ' +
    'Please contact the fund.',
} as const;
