import { describe, expect, it } from 'vitest';
import {
  custom,
  EMAIL_PATTERN,
  email,
  maxLength,
  RULE_MESSAGES,
  required,
  requiredIf,
  strongPassword,
  VALIDATION_NOTICE,
  validateValue,
  zBoundedString,
} from '../src/index.js';

describe('spec 5 required', () => {
  it("refuses an empty string and undefined with 'Field is required'", () => {
    expect(required('')).toBe('Field is required');
    expect(required(undefined)).toBe('Field is required');
  });

  it('counts anything other than undefined as present', () => {
    for (const value of ['a', ' ', 0, false, null, [], {}]) expect(required(value)).toBe(true);
  });
});

describe('spec 5 requiredIf', () => {
  it('is required only when the condition holds', () => {
    expect(requiredIf(true)('')).toBe('Field is required');
    expect(requiredIf(false)('')).toBe(true);
    expect(requiredIf(true)('x')).toBe(true);
  });

  it('evaluates a condition function at validation time', () => {
    let method = 'SMS';
    const rule = requiredIf(() => method === 'EMAIL');
    expect(rule('')).toBe(true);
    method = 'EMAIL';
    expect(rule('')).toBe('Field is required');
  });
});

describe('spec 5 email', () => {
  it.each(['thabo@mweb.co.za', 'nomsa.dlamini@gmail.com', 'a1@b.com', 'x_y@c-d.org', 'ZANELE@EXAMPLE.NET'])(
    'accepts %s',
    (value) => {
      expect(email(value)).toBe(true);
    },
  );

  it.each([
    ['no at sign', 'thabo.mweb.co.za'],
    ['nothing before @', '@mweb.co.za'],
    ['no dot after @', 'thabo@localhost'],
    ['suffix of 4 letters (spec 9: 2 to 3)', 'thabo@example.info'],
    ['suffix of 1 letter', 'thabo@example.c'],
    ['digits in the suffix', 'thabo@example.c0m'],
    ['spaces', 'thabo @example.com'],
    ['empty', ''],
  ])("refuses %s with 'Must be a valid email.'", (_case, value) => {
    expect(email(value)).toBe('Must be a valid email.');
  });

  it('refuses non-strings', () => {
    expect(email(42)).toBe(RULE_MESSAGES.email);
    expect(EMAIL_PATTERN.test('a@b.co')).toBe(true);
  });
});

describe('spec 5 strong password', () => {
  const message =
    'Passwords Must be at least 10 characters long, contain at least one capital letter, one number and one special character.';

  it('accepts 10+ characters with a capital, a digit and one of !@#$%^&*_-=+', () => {
    for (const special of '!@#$%^&*_-=+') expect(strongPassword(`Abcdefgh1${special}`)).toBe(true);
  });

  it.each([
    ['9 characters (spec 9 minimum length 10)', 'Abcdefg1!'],
    ['no capital letter', 'abcdefgh1!'],
    ['no digit', 'Abcdefghi!'],
    ['no special character', 'Abcdefghi1'],
    ['a special character outside the list', 'Abcdefgh1?'],
  ])('refuses %s with the spec message', (_case, value) => {
    expect(strongPassword(value)).toBe(message);
  });

  it('lets an empty value pass', () => {
    expect(strongPassword('')).toBe(true);
    expect(strongPassword(undefined)).toBe(true);
  });
});

describe('spec 5 custom rule', () => {
  it("uses the given message, or 'Field validation issue' by default", () => {
    const even = (value: unknown) => Number(value) % 2 === 0;
    expect(custom(even)(3)).toBe('Field validation issue');
    expect(custom(even, 'Must be even')(3)).toBe('Must be even');
    expect(custom(even)(4)).toBe(true);
  });
});

describe('maxLength (issue 13 item 2)', () => {
  it("refuses a string over the limit with 'Must be at most N characters.', as zBoundedString does", () => {
    expect(maxLength(5)('abcde')).toBe(true);
    expect(maxLength(5)('abcdef')).toBe('Must be at most 5 characters.');
    expect(zBoundedString(5).safeParse('abcdef').error?.issues[0]?.message).toBe(maxLength(5)('abcdef'));
  });

  it('lets anything that is not a string pass (pair it with required)', () => {
    expect(maxLength(1)(undefined)).toBe(true);
    expect(maxLength(1)(12345)).toBe(true);
  });
});

describe('validateValue', () => {
  it('returns the first failing message in rule order', () => {
    expect(validateValue('', [required, email])).toBe('Field is required');
    expect(validateValue('bad', [required, email])).toBe('Must be a valid email.');
    expect(validateValue('a@b.com', [required, email])).toBe(true);
  });
});

describe('spec 5 validation notice', () => {
  it("is 'Validation failure' with caption 'please check the inputs'", () => {
    expect(VALIDATION_NOTICE).toEqual({ message: 'Validation failure', caption: 'please check the inputs' });
  });
});
