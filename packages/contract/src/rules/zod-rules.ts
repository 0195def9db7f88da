import { z } from 'zod';
import { parseSaIdNumber } from '../id-number/sa-id-number.js';
import {
  DEFAULT_STRING_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  email,
  type FormRule,
  PASSWORD_MAX_LENGTH,
  required,
  strongPassword,
} from './form-rules.js';
import { RULE_MESSAGES, tooLongMessage } from './messages.js';

function fromRule(rule: FormRule) {
  return (value: string, ctx: z.RefinementCtx) => {
    const result = rule(value);
    if (result !== true) ctx.addIssue({ code: 'custom', message: result });
  };
}

/**
 * A string of at most `maxLength` characters; a longer one fails at once with 'Must be at most N
 * characters.', and no later check or pattern of the chain runs on it (issue 13 item 2).
 */
export const zBoundedString = (maxLength: number = DEFAULT_STRING_MAX_LENGTH, options: { error?: string } = {}) =>
  z.string(options).max(maxLength, { abort: true, error: tooLongMessage(maxLength) });

/**
 * A string field that is required (spec section 5: 'Field is required'), of at most `maxLength`
 * characters (default `DEFAULT_STRING_MAX_LENGTH`). Missing fields and non-strings get the same
 * message, so a client sees one message per field.
 */
export const zRequiredString = (maxLength: number = DEFAULT_STRING_MAX_LENGTH) =>
  zBoundedString(maxLength, { error: RULE_MESSAGES.required }).superRefine(fromRule(required));

/**
 * A required email (spec section 5: 'Field is required', then 'Must be a valid email.'), at most
 * 254 characters.
 */
export const zEmail = () => zRequiredString(EMAIL_MAX_LENGTH).superRefine(fromRule(email));

/**
 * A required strong password (spec section 5), at most `PASSWORD_MAX_LENGTH` characters. The
 * strong rule lets an empty value pass, so `required` runs first.
 */
export const zStrongPassword = () => zRequiredString(PASSWORD_MAX_LENGTH).superRefine(fromRule(strongPassword));

/** An ID number as typed, with spaces and hyphens between its 13 digits: at most this long. */
const SA_ID_NUMBER_TYPED_MAX_LENGTH = 40;

/**
 * A South African ID number (13 digits, real date, citizenship 0/1, Luhn check digit); spaces and
 * hyphens are removed. The output is the 13 digits.
 */
export const zSaIdNumber = () =>
  zRequiredString(SA_ID_NUMBER_TYPED_MAX_LENGTH).transform((value, ctx) => {
    const parsed = parseSaIdNumber(value);
    if (!parsed.valid) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.idNumber;
  });
