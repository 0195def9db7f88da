import { Counter, Registry } from 'prom-client';

/**
 * Business counters of this process, incremented where the thing happens (issue 37 item 1). One
 * registry for the process: a module increments them without knowing which server answers the
 * scrape. What is stored in the database (sign-ups, claim moves) is counted on scrape instead
 * (`business-gauges.ts`), so that every process reports the same whole count.
 */
export const businessCounters = new Registry();

const benefitSearches = new Counter({
  name: 'bcp_benefit_searches_total',
  help: 'Anonymous benefit searches by ID number answered, by result (match: unclaimed benefits found; none).',
  labelNames: ['result'] as const,
  registers: [businessCounters],
});

/**
 * Counts one answered anonymous benefit search (`GET /api/app/benefits/idNumber`).
 * @param unclaimedBenefits the count the search answered (only whether it is 0 is recorded)
 */
export function countBenefitSearch(unclaimedBenefits: number): void {
  benefitSearches.inc({ result: unclaimedBenefits > 0 ? 'match' : 'none' });
}
