/**
 * The exact user-facing messages of the form rules (spec section 5) and the notices of
 * spec section 8 that the server and the clients both need. Spelled exactly as the spec spells them.
 */
export const RULE_MESSAGES = {
  required: 'Field is required',
  email: 'Must be a valid email.',
  strongPassword:
    'Passwords Must be at least 10 characters long, contain at least one capital letter, one number and one special character.',
  custom: 'Field validation issue',
  /** Issue 13 item 3: a NUL character is refused in every string, query and path parameter. */
  nulCharacter: 'Must not contain a NUL character.',
} as const;

/** The message for a string over its length limit (checked before any pattern runs, issue 13 item 2). */
export const tooLongMessage = (maxLength: number) => `Must be at most ${maxLength} characters.`;

/** Notice shown when the server returns per-field validation errors (spec section 5). */
export const VALIDATION_NOTICE = {
  message: 'Validation failure',
  caption: 'please check the inputs',
} as const;
