import { randomUUID } from 'node:crypto';
import { parseSaIdNumber } from '@bcp/contract';
import type { StepProvider } from './step-provider.js';

/**
 * `id_validation` (issue 17 step 1): the ID number's own checks, made here and free: Luhn check
 * digit, a real date of birth, the gender digits and the citizenship digit. `invalid` names the
 * reason; `valid` gives what the number says.
 */
export function createIdValidationProvider(): StepProvider {
  return {
    kind: 'id_validation',
    name: 'local',
    async lookUp(request) {
      const parsed = parseSaIdNumber(request.idNumber);
      const reference = `local-${randomUUID()}`;
      if (!parsed.valid) {
        return { result: 'invalid', details: { reason: parsed.message }, reference, costCents: 0 };
      }
      const details: Record<string, unknown> = {
        dateOfBirth: parsed.dateOfBirth,
        gender: parsed.gender,
        citizenship: parsed.citizenship,
      };
      if (parsed.dateOfBirth !== request.dateOfBirth) {
        details.reason = 'The date of birth on record differs from the one in the ID number.';
      }
      return { result: 'valid', details, reference, costCents: 0 };
    },
  };
}
