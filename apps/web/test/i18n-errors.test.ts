import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ACCOUNT_MESSAGES, ERROR_CODES, type MemberLanguage } from '@bcp/contract';
import type { ApiError } from '@bcp/web-client';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage } from '../src/i18n';
import { translateError, translateFieldError, translateFieldErrors } from '../src/i18n/errors';
import { af } from '../src/i18n/locales/af';
import { en } from '../src/i18n/locales/en';
import { zu } from '../src/i18n/locales/zu';

// Issue 39 item 1: the member app says a failed call by its `code` (and `params`), never by the
// English `message`; a code without a text of its own says its status's text.

const CATALOGS = { en, af, zu } as const;

/** An error answer as the server sends it (the English `message` deliberately misleading). */
function answer(status: number, body: Record<string, unknown>, retryAfterSeconds?: number): ApiError {
  return { status, body: { message: 'English text the app must not show.', ...body }, retryAfterSeconds };
}

afterEach(async () => {
  await chooseLanguage('en');
});

describe('translateError', () => {
  for (const language of ['en', 'af', 'zu'] as MemberLanguage[]) {
    const catalog = CATALOGS[language];

    it(`${language}: says a code in the language, with its params`, async () => {
      await chooseLanguage(language);
      expect(translateError(answer(422, { code: 'otp_wrong' }))).toBe(catalog.errors.otp_wrong);
      expect(translateError(answer(404, { code: 'benefit_not_found' }))).toBe(catalog.errors.benefit_not_found);
      expect(translateError(answer(401, { code: 'sign_in_failed' }))).toBe(catalog.errors.sign_in_failed);
      expect(translateError(answer(429, { code: 'otp_resend_too_soon', params: { retryAfterSeconds: 42 } }))).toBe(
        catalog.errors.otp_resend_too_soon.replace('{{retryAfterSeconds}}', '42'),
      );
      expect(translateError(answer(429, { code: 'rate_limited', params: { retryAfterSeconds: 61 } }))).toBe(
        catalog.errors.rate_limited_other.replace('{{count}}', '2'),
      );
    });

    it(`${language}: says a code it has no text for, or no code, by the status`, async () => {
      await chooseLanguage(language);
      expect(translateError(answer(409, { code: 'webhook_endpoint_limit' }))).toBe(catalog.errorStatus.conflict);
      expect(translateError(answer(404, { code: 'not_a_code_of_the_catalogue' }))).toBe(catalog.errorStatus.notFound);
      expect(translateError(answer(503, {}))).toBe(catalog.errorStatus.server);
      expect(translateError(answer(418, {}))).toBe(catalog.errorStatus.other);
      expect(translateError({ status: 0, body: { code: 'timed_out', message: 'x' } })).toBe(
        catalog.clientErrors.timed_out,
      );
      expect(translateError({ status: 0, body: undefined })).toBe(catalog.clientErrors.generic);
    });
  }

  it('never reads the English message: a known English text without its code is not translated by it', async () => {
    await chooseLanguage('af');
    const englishOnly: ApiError = { status: 422, body: { message: ACCOUNT_MESSAGES.otpWrong } };
    expect(translateError(englishOnly)).toBe(af.errorStatus.invalid);
    expect(translateError(englishOnly)).not.toBe(af.errors.otp_wrong);
  });

  it("counts a long Retry-After in minutes, one minute at least (the header or the answer's params)", () => {
    expect(translateError(answer(429, { code: 'rate_limited' }, 3600))).toBe(
      'Too many attempts. Try again in 60 minutes.',
    );
    expect(translateError(answer(429, { code: 'rate_limited', params: { retryAfterSeconds: 5 } }))).toBe(
      'Too many attempts. Try again in 1 minute.',
    );
    // A PIN asked for too soon says its seconds, unless the wait is a minute or more.
    expect(translateError(answer(429, { code: 'otp_resend_too_soon', params: { retryAfterSeconds: 20 } }, 20))).toBe(
      'Please wait 20 seconds before asking for a new PIN.',
    );
    expect(translateError(answer(429, {}, undefined))).toBe(en.errorStatus.tooMany);
  });

  it('has a text only for codes of the catalogue, each with the params the catalogue names', () => {
    for (const key of Object.keys(en.errors)) {
      const code = key.replace(/_(one|other)$/, '') as keyof typeof ERROR_CODES;
      expect(Object.hasOwn(ERROR_CODES, code), key).toBe(true);
      const placeholders = [...String(en.errors[key as keyof typeof en.errors]).matchAll(/\{\{(\w+)\}\}/g)].map(
        (match) => match[1],
      );
      const named: readonly string[] = (ERROR_CODES[code] as { params?: readonly string[] }).params ?? [];
      // `rate_limited` says minutes (`count`), counted from its `retryAfterSeconds`.
      for (const name of placeholders) expect(name === 'count' || named.includes(name as string), key).toBe(true);
    }
  });
});

describe('translateFieldErrors', () => {
  it('says each field by its codes: field codes, catalogue codes, a field of its own for "not valid"', async () => {
    await chooseLanguage('zu');
    const error = answer(422, {
      code: 'validation_failed',
      errors: { idNumber: ['a', 'b'], otp: ['c'], phoneNumber: ['d'], password: ['e'] },
      fieldCodes: {
        idNumber: ['required', 'too_long'],
        otp: ['otp_wrong'],
        phoneNumber: ['invalid'],
        password: ['password_too_weak'],
      },
    });
    expect(translateFieldErrors(error)).toEqual({
      idNumber: `${zu.fieldErrors.required}\n${zu.fieldErrors.too_long}`,
      otp: zu.errors.otp_wrong,
      phoneNumber: zu.fieldErrorsOf.phoneNumber,
      password: zu.errors.password_too_weak,
    });
    expect(translateFieldError(error, 'email')).toBeUndefined();
  });

  it("without field codes: the answer's own code for its fields, else the generic text", () => {
    expect(translateFieldError(answer(422, { code: 'otp_expired', errors: { otp: ['x'] } }), 'otp')).toBe(
      en.errors.otp_expired,
    );
    expect(translateFieldError(answer(422, { code: 'validation_failed', errors: { name: ['x'] } }), 'name')).toBe(
      en.fieldErrors.invalid,
    );
  });
});

describe('the member app reads no English server message to translate it', () => {
  const root = join(import.meta.dirname, '../src');
  // The code without its comments (which name these functions to explain them).
  const files = sourceFiles(root).map((file) => ({
    file: relative(root, file),
    text: readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, ''),
  }));

  it("never uses the client's English `errorMessage`, nor reads an answer's `message`", () => {
    const offenders = files
      .filter(({ text }) => /\berrorMessage\b|\.body\b[^;\n]*\.message\b|\bmessage\?:\s*unknown/.test(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
    expect(readFileSync(join(root, 'i18n/errors.ts'), 'utf8')).not.toMatch(/\.message\b/);
  });

  it('translates by English text only its own texts: translateMessage takes an AppMessage, made in three places', () => {
    const calls = files
      .filter(({ file }) => file !== 'i18n/index.ts')
      .flatMap(({ file, text }) =>
        [...text.matchAll(/translateMessage\(([^)]*)/g)].map((match) => `${file}: ${match[1]}`),
      );
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((call) => !/: appMessage\(/.test(call))).toEqual([]);
    const makers = files.filter(({ text }) => /\bappMessage\(|as AppMessage\b/.test(text)).map(({ file }) => file);
    // The client-side rules (`rules()`), and the ID number checked before the search and the sign-up.
    expect(makers.sort()).toEqual([
      'app/routes/auth/search.tsx',
      'app/routes/sign-up-form.tsx',
      'i18n/index.ts',
      'lib/form.ts',
    ]);
  });

  it('keeps no server message in the catalogs: `messages` holds none of the texts said by code', () => {
    const byCode = new Set(Object.values(en.errors));
    const shared = [...leaves(en.messages)].filter((text) => byCode.has(text));
    // The same words on both sides: the client-side file size check, the client-side password rule.
    expect(shared.sort()).toEqual([en.messages.claim.documentTooLarge, en.messages.rule.strongPassword].sort());
  });
});

function leaves(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  return Object.values(node as Record<string, unknown>).flatMap(leaves);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}
