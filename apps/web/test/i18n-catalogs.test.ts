import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  ACCOUNT_MESSAGES,
  FAQ_MESSAGES,
  MEMBER_LANGUAGES,
  NOTIFICATION_MESSAGES,
  RULE_MESSAGES,
  VALIDATION_NOTICE,
} from '@bcp/contract';
import { describe, expect, it } from 'vitest';
import { af } from '../src/i18n/locales/af.js';
import { en } from '../src/i18n/locales/en.js';
import { zu } from '../src/i18n/locales/zu.js';

// Issue 21 item 5 (decision 036): every text of the member app exists in English, Afrikaans and
// isiZulu; a key missing, empty, extra or with other placeholders in af or zu fails here.

/** Every leaf of a catalog as `a.b.c` -> text. */
function leaves(node: unknown, path = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (typeof node !== 'object' || node === null) {
    found.set(path, node);
    return found;
  }
  for (const [key, value] of Object.entries(node)) {
    for (const [leaf, text] of leaves(value, path ? `${path}.${key}` : key)) found.set(leaf, text);
  }
  return found;
}

/** The `{{name}}` placeholders (and the spec's single-brace `{message}`) of a text, sorted. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{?\s*(\w+)\s*\}\}?/g)].map((match) => match[1] as string).sort();
}

const english = leaves(en);
const translations = { af: leaves(af), zu: leaves(zu) };

describe('the member app catalogs', () => {
  it('covers the three member languages', () => {
    expect([...MEMBER_LANGUAGES].sort()).toEqual(['af', 'en', 'zu']);
  });

  for (const [language, catalog] of Object.entries(translations)) {
    it(`${language}: has every English key, none empty, no extra key, the same placeholders`, () => {
      const missing = [...english.keys()].filter((key) => !catalog.has(key));
      const extra = [...catalog.keys()].filter((key) => !english.has(key));
      const empty = [...catalog].filter(([, text]) => typeof text !== 'string' || text.trim() === '').map(([k]) => k);
      const otherPlaceholders = [...english]
        .filter(([key]) => catalog.has(key))
        .filter(([key, text]) => placeholders(String(catalog.get(key))).join() !== placeholders(String(text)).join())
        .map(([key]) => key);
      expect({ missing, extra, empty, otherPlaceholders }).toEqual({
        missing: [],
        extra: [],
        empty: [],
        otherPlaceholders: [],
      });
    });

    it(`${language}: is translated, not English copied (apart from names, codes and symbols)`, () => {
      const same = [...english]
        .filter(([key, text]) => catalog.get(key) === text)
        .filter(([, text]) => /[a-z]{3}/.test(String(text)))
        .map(([key]) => key);
      // Words that are the same in English and the language ("Bank", "Platform"), and `{{size}} MB`.
      const alike: Record<string, string[]> = {
        af: ['bankAccount.bank', 'documents.megabytes', 'notifications.platform'],
        zu: ['documents.megabytes'],
      };
      expect(same.sort()).toEqual(alike[language]);
    });
  }

  it("keeps the spec's exact English messages (spec 5 and 8) as the English texts", () => {
    expect(en.messages.rule.required).toBe('Field is required');
    expect(en.messages.rule.email).toBe('Must be a valid email.');
    expect(en.messages.rule.strongPassword).toBe(RULE_MESSAGES.strongPassword);
    expect(en.messages.notice).toEqual(VALIDATION_NOTICE);
    expect(en.messages.faq.noParams).toBe('No Available Prams');
    expect(en.messages.faq).toEqual({
      loadFailed: FAQ_MESSAGES.loadFailed,
      noFaqs: FAQ_MESSAGES.noFaqs,
      noParams: FAQ_MESSAGES.noParams,
    });
    expect(en.messages.notification).toEqual(NOTIFICATION_MESSAGES);
    expect(en.messages.account.otpFormat).toBe(ACCOUNT_MESSAGES.otpFormat);
    expect(en.errors.otp_wrong).toBe(ACCOUNT_MESSAGES.otpWrong);
    expect(en.questions).toEqual({ leave: 'Do you really want to leave?', logout: 'Are you sure?' });
    expect(en.nav.notificationSettings).toBe('Notification Settings');
    expect(en.nav.faqs).toBe("FAQ's");
    expect(en.common.smsMethod).toBe('Mobile Phone (SMS)');
  });

  it('has no unused key: each is named in the app, reached by a key built from data, or a message', () => {
    const source = sourceFiles(join(import.meta.dirname, '../src'))
      .filter((file) => !file.includes('/i18n/locales/'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const named = new Set([...source.matchAll(/\bt\(\s*'([\w.]+)'/g)].map((match) => match[1]));
    // t(`steps.state.${state}`): every key under `steps.state.` is reached.
    const prefixes = [...source.matchAll(/\bt\(\s*`([\w.]+)\.\$\{/g)].map((match) => `${match[1]}.`);
    // Route titles are named by `titleKey`; `messages.*` are reached through `translateMessage`;
    // `errors.*` and the other error texts by code (`i18n/errors.ts`).
    const titleKeys = [...source.matchAll(/titleKey: '(\w+)'/g)].map((match) => `titles.${match[1]}`);
    const unused = [...english.keys()]
      .map((key) => key.replace(/_(one|other)$/, ''))
      .filter((key) => !key.startsWith('messages.'))
      .filter((key) => !named.has(key) && !titleKeys.includes(key))
      .filter((key) => !prefixes.some((prefix) => key.startsWith(prefix)));
    expect([...new Set(unused)]).toEqual([]);
  });
});

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}
