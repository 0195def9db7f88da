import { z } from 'zod';
import { zSaIdNumber } from '../rules/zod-rules.js';

/** `GET /api/app/benefits/idNumber?idNumber=`: the anonymous search (spec 2 search, spec 7). */
// No schema id: used as a querystring, which OpenAPI cannot take by reference.
export const BenefitSearchQuery = z.object({ idNumber: zSaIdNumber() });
export type BenefitSearchQuery = z.input<typeof BenefitSearchQuery>;

/** Only how many unclaimed benefits wait: never names, funds, amounts or dates. */
export const BenefitSearchResponse = z
  .object({ totalBenefits: z.number().int().nonnegative() })
  .meta({ id: 'BenefitSearchResponse' });
export type BenefitSearchResponse = z.infer<typeof BenefitSearchResponse>;
