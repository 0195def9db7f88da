import { describe, expect, it } from 'vitest';
import {
  ANY_STRING_MAX_LENGTH,
  EMAIL_PATTERN,
  email,
  findHostileStrings,
  zEmail,
  zRequiredString,
} from '../src/index.js';

/** The email pattern before issue 13 (exponential backtracking): the language must not change. */
const PREVIOUS_EMAIL_PATTERN =
  /^[A-Za-z0-9_]+([.-]?[A-Za-z0-9_]+)*@[A-Za-z0-9]+([.-]?[A-Za-z0-9]+)*(\.[A-Za-z]{2,3})+$/;

describe('issue 13 item 2: the linear email rule accepts what decision 005 accepts', () => {
  it('agrees with the previous pattern on every short address over a small alphabet', () => {
    // Every string of up to 7 characters over the characters that matter, around a fixed '@'.
    const alphabet = ['a', 'B', '1', '_', '.', '-'];
    const parts: string[] = [''];
    for (let length = 1; length <= 3; length += 1) {
      for (const prefix of parts.filter((part) => part.length === length - 1)) {
        for (const character of alphabet) parts.push(prefix + character);
      }
    }
    let compared = 0;
    let accepted = 0;
    const disagreements: string[] = [];
    for (const local of parts) {
      for (const domain of parts) {
        for (const suffix of ['.co', '.za', '.com', '.c', '.info', '.co.za', '']) {
          const address = `${local}@${domain}${suffix}`;
          const now = EMAIL_PATTERN.test(address);
          if (now !== PREVIOUS_EMAIL_PATTERN.test(address)) disagreements.push(address);
          compared += 1;
          if (now) accepted += 1;
        }
      }
    }
    expect(disagreements).toEqual([]);
    expect(compared).toBeGreaterThan(100_000);
    expect(accepted).toBeGreaterThan(1000);
  });

  it('fails over 254 characters without running the pattern, with the spec message', () => {
    expect(email(`${'a'.repeat(250)}@b.co`)).toBe('Must be a valid email.');
    expect(
      zEmail()
        .safeParse(`${'a'.repeat(250)}@b.co`)
        .error?.issues.map((issue) => issue.message),
    ).toEqual(['Must be at most 254 characters.']);
  });

  it('every required string has a limit, checked before its rules', () => {
    const result = zRequiredString(10).safeParse('x'.repeat(11));
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Must be at most 10 characters.']);
    expect(zRequiredString().safeParse('x'.repeat(1001)).success).toBe(false);
  });
});

describe('issue 13 item 3: findHostileStrings finds NUL characters and over-long strings anywhere', () => {
  it('names the path of values and keys', () => {
    const issues = findHostileStrings({
      name: 'a\u0000b',
      list: ['ok', 'x\u0000'],
      nested: { ['key\u0000']: 'fine', deep: { text: 'y'.repeat(ANY_STRING_MAX_LENGTH + 1) } },
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: ['name'], message: 'Must not contain a NUL character.' },
        { path: ['list', 1], message: 'Must not contain a NUL character.' },
        { path: ['nested', 'key\u0000'], message: 'Must not contain a NUL character.' },
        { path: ['nested', 'deep', 'text'], message: `Must be at most ${ANY_STRING_MAX_LENGTH} characters.` },
      ]),
    );
    expect(issues).toHaveLength(4);
  });

  it('passes clean values and walks deep nesting without recursion', () => {
    expect(findHostileStrings({ a: 'ok', b: [1, true, null, { c: 'fine' }] })).toEqual([]);
    let deep: unknown = 'bad\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(findHostileStrings(deep)).toHaveLength(1);
  });
});
