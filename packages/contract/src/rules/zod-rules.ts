import { z } from 'zod';
import { parseSaIdNumber } from '../id-number/sa-id-number.js';
import { email, type FormRule, required, strongPassword } from './form-rules.js';
import { RULE_MESSAGES } from './messages.js';

function fromRule(rule: FormRule) {
  return (value: string, ctx: z.RefinementCtx) => {
    const result = rule(value);
    if (result !== true) ctx.addIssue({ code: 'custom', message: result });
  };
}

/**
 * A string field that is required (spec section 5: 'Field is required'). Missing fields and
 * non-strings get the same message, so a client sees one message per field.
 */
export const zRequiredString = () => z.string({ error: RULE_MESSAGES.required }).superRefine(fromRule(required));

/** A required email (spec section 5: 'Field is required', then 'Must be a valid email.'). */
export const zEmail = () => zRequiredString().superRefine(fromRule(email));

/**
 * A required strong password (spec section 5). The strong rule lets an empty value pass, so
 * `required` runs first.
 */
export const zStrongPassword = () => zRequiredString().superRefine(fromRule(strongPassword));

/**
 * A South African ID number (13 digits, real date, citizenship 0/1, Luhn check digit); spaces and
 * hyphens are removed. The output is the 13 digits.
 */
export const zSaIdNumber = () =>
  zRequiredString().transform((value, ctx) => {
    const parsed = parseSaIdNumber(value);
    if (!parsed.valid) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.idNumber;
  });
