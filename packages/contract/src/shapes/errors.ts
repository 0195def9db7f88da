import { z } from 'zod';

/**
 * The one error shape of every non-2xx response (DESIGN.md "Errors"):
 * `{ message, errors?: { [field]: string[] } }`. `errors` is present on 422 validation failures.
 */
export const ErrorResponse = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({
    id: 'ErrorResponse',
    examples: [{ message: 'The given data was invalid.', errors: { claimId: ['Expected a number.'] } }],
  });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** Message of a 422 response (its `errors` carry the per-field messages). */
export const VALIDATION_FAILED_MESSAGE = 'The given data was invalid.';
