import { StaffLoginRequest } from '@bcp/contract';
import { describe, expect, it } from 'vitest';
import { signInErrors } from '../src/features/auth/sign-in-rules';

/** The schema's first message per field (what `schemaResolver` showed before the plain rules). */
function schemaErrors(values: StaffLoginRequest): Record<string, string> {
  const result = StaffLoginRequest.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('signInErrors (the sign-in form without Zod)', () => {
  const long = (length: number) => `${'a'.repeat(length - 8)}@x.co.za`;
  const cases: [string, StaffLoginRequest][] = [
    ['both empty', { email: '', password: '' }],
    ['email empty', { email: '', password: 'secret' }],
    ['password empty', { email: 'thabo@mweb.co.za', password: '' }],
    ['both given', { email: 'thabo@mweb.co.za', password: 'secret' }],
    ['an email that is not one (the server answers that)', { email: 'not an email', password: 'x' }],
    ['email of 254 characters', { email: long(254), password: 'x' }],
    ['email of 255 characters', { email: long(255), password: 'x' }],
    ['password of 1000 characters', { email: 'a@b.co', password: 'p'.repeat(1000) }],
    ['password of 1001 characters', { email: 'a@b.co', password: 'p'.repeat(1001) }],
    ['both too long', { email: long(300), password: 'p'.repeat(2000) }],
  ];

  it.each(cases)('answers what StaffLoginRequest answers: %s', (_name, values) => {
    expect(signInErrors(values)).toEqual(schemaErrors(values));
  });

  it('names the failing fields with the spec messages', () => {
    expect(signInErrors({ email: '', password: 'p'.repeat(1001) })).toEqual({
      email: 'Field is required',
      password: 'Must be at most 1000 characters.',
    });
  });
});
