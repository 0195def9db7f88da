import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { RULE_MESSAGES, tooLongMessage } from './messages.js';

/**
 * A form rule: returns `true` when the value passes, or the message to show (spec section 5).
 * Rules are plain functions so the same definition serves the web forms and the server (through
 * the zod helpers in `zod-rules.ts`).
 */
export type FormRule = (value: unknown) => true | string;

/**
 * required (spec section 5): a string must be non-empty; anything other than `undefined`
 * counts as present. Message 'Field is required'.
 */
export const required: FormRule = (value) => {
  if (value === undefined) return RULE_MESSAGES.required;
  if (typeof value === 'string' && value.length === 0) return RULE_MESSAGES.required;
  return true;
};

/**
 * requiredIf (spec section 5): `required` only when `condition` holds; otherwise passes.
 * `condition` is a boolean or a function evaluated at validation time.
 */
export function requiredIf(condition: boolean | (() => boolean)): FormRule {
  return (value) => {
    const holds = typeof condition === 'function' ? condition() : condition;
    return holds ? required(value) : true;
  };
}

/**
 * The email pattern of spec section 5: letters or digits, then @, then letters, then a dot, then
 * 2 to 3 letters (section 9: "Email pattern suffix: 2 to 3 letters"). Dots and hyphens may join
 * parts of the name and the domain, so that `thabo.mokoena@mweb.co.za` passes (decision 005).
 * Linear (issue 13 item 2): every repetition starts with a separator its body cannot match, so the
 * engine never has two ways to split a run of letters; the domain's last part is 2 to 3 letters.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9_]+(?:[.-][A-Za-z0-9_]+)*@[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*\.[A-Za-z]{2,3}$/;

/**
 * The length limit of a string field that names none (characters). Every string field has a
 * limit, checked before any pattern or rule runs (issue 13 item 2). Here, apart from the Zod
 * helpers, so that a browser form can use it without loading Zod (decision 064).
 */
export const DEFAULT_STRING_MAX_LENGTH = 1000;

/** The longest password accepted (characters): hashing a megabyte would cost the server, not the caller. */
export const PASSWORD_MAX_LENGTH = 256;

/**
 * At most `limit` characters (issue 13 item 2): a longer string fails with 'Must be at most N
 * characters.', as `zBoundedString` does; anything that is not a string passes this rule.
 */
export function maxLength(limit: number): FormRule {
  return (value) => (typeof value === 'string' && value.length > limit ? tooLongMessage(limit) : true);
}

/** The longest email address there is (RFC 5321 path limit less the brackets): 254 characters. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * email (spec section 5). Message 'Must be a valid email.' Anything over `EMAIL_MAX_LENGTH` fails
 * before the pattern runs.
 */
export const email: FormRule = (value) =>
  typeof value === 'string' && value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value)
    ? true
    : RULE_MESSAGES.email;

/** The special characters of the strong-password rule (spec section 5). */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*_-=+';

/**
 * strong password (spec section 5): at least 10 characters (section 9), one capital letter, one
 * digit and one of `!@#$%^&*_-=+`. An empty value passes this rule (pair it with `required`).
 */
export const strongPassword: FormRule = (value) => {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value !== 'string') return RULE_MESSAGES.strongPassword;
  const strong =
    value.length >= PASSWORD_MIN_LENGTH &&
    /[A-Z]/.test(value) &&
    /[0-9]/.test(value) &&
    [...value].some((character) => PASSWORD_SPECIAL_CHARACTERS.includes(character));
  return strong ? true : RULE_MESSAGES.strongPassword;
};

/**
 * custom rule (spec section 5): `check` plus a message; the default message is
 * 'Field validation issue'.
 */
export function custom(check: (value: unknown) => boolean, message: string = RULE_MESSAGES.custom): FormRule {
  return (value) => (check(value) ? true : message);
}

/**
 * Runs rules in order and returns the first failing message, or `true` when all pass
 * (one message a field at a time, as the form shows it).
 */
export function validateValue(value: unknown, rules: readonly FormRule[]): true | string {
  for (const rule of rules) {
    const result = rule(value);
    if (result !== true) return result;
  }
  return true;
}
