import {
  DEFAULT_STRING_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  type FormRule,
  maxLength,
  required,
  type StaffLoginRequest,
  validateValue,
} from '@bcp/contract';

/** The checks of `StaffLoginRequest` per field, in the schema's order (the length first, then required). */
const SIGN_IN_RULES: Record<keyof StaffLoginRequest, readonly FormRule[]> = {
  email: [maxLength(EMAIL_MAX_LENGTH), required],
  password: [maxLength(DEFAULT_STRING_MAX_LENGTH), required],
};

/**
 * The sign-in form's errors (field name to message; empty when the values pass): the contract's
 * `StaffLoginRequest` checks as plain rules, with the same messages, so the sign-in page's first
 * load carries no Zod (issue 40 item 1, decision 064). `apps/admin/test/sign-in-rules.test.ts`
 * holds them to the schema.
 */
export function signInErrors(values: StaffLoginRequest): Partial<Record<keyof StaffLoginRequest, string>> {
  const errors: Partial<Record<keyof StaffLoginRequest, string>> = {};
  for (const field of ['email', 'password'] as const) {
    const result = validateValue(values[field], SIGN_IN_RULES[field]);
    if (result !== true) errors[field] = result;
  }
  return errors;
}
