import { z } from 'zod';
import { ERROR_CODE_LIST, FIELD_ERROR_CODES, type FieldErrorCode } from '../errors/error-codes.js';

/** A code of the error catalogue (`ERROR_CODES`, decision 059). */
export const ErrorCodeSchema = z.enum(ERROR_CODE_LIST).meta({
  id: 'ErrorCode',
  description:
    'A stable snake_case code of the error catalogue (decision 059); branch and translate on it, not on `message`.',
});

/** A field problem's code: a field error code (`required`, `too_long`, ...) or a catalogue code. */
export const FieldCodeSchema = z.union([
  z.enum(Object.keys(FIELD_ERROR_CODES) as [FieldErrorCode, ...FieldErrorCode[]]),
  ErrorCodeSchema,
]);

/**
 * The one error shape of every non-2xx response (DESIGN.md "Errors", decision 059):
 * `{ message, errors?, code, params?, fieldCodes? }`. `message` and `errors` are the spec's texts
 * (English); `code` is a stable identifier from the catalogue, `params` the values of a message's
 * variable parts (e.g. `retryAfterSeconds`), `fieldCodes` per field the codes parallel to `errors`.
 */
export const ErrorResponse = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    code: ErrorCodeSchema,
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    fieldCodes: z.record(z.string(), z.array(FieldCodeSchema)).optional(),
  })
  .meta({
    id: 'ErrorResponse',
    examples: [
      {
        message: 'The given data was invalid.',
        errors: { claimId: ['Expected a number.'] },
        code: 'validation_failed',
        fieldCodes: { claimId: ['invalid_type'] },
      },
    ],
  });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** Message of a 422 response (its `errors` carry the per-field messages). */
export const VALIDATION_FAILED_MESSAGE = 'The given data was invalid.';
