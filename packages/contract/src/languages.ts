/**
 * The member's languages (issue 21 item 5, decision 036): English, Afrikaans and isiZulu, by their
 * ISO 639-1 codes. The app shows itself in one of them and the API writes the member's SMS, email
 * and push messages in the one recorded on the member's account (English by default).
 */
export const MEMBER_LANGUAGES = ['en', 'af', 'zu'] as const;
export type MemberLanguage = (typeof MEMBER_LANGUAGES)[number];

/** The language used when none is known (and for every text without a translation). */
export const DEFAULT_LANGUAGE: MemberLanguage = 'en';

/** Each language's name in itself, as the language picker shows it. */
export const LANGUAGE_NAMES: Record<MemberLanguage, string> = {
  en: 'English',
  af: 'Afrikaans',
  zu: 'isiZulu',
};

/** The BCP 47 locale amounts and dates are formatted with in each language. */
export const LANGUAGE_LOCALES: Record<MemberLanguage, string> = {
  en: 'en-ZA',
  af: 'af-ZA',
  zu: 'zu-ZA',
};

/** True for `en`, `af` and `zu`. */
export function isMemberLanguage(value: unknown): value is MemberLanguage {
  return typeof value === 'string' && (MEMBER_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The locale to format with for a language: its `LANGUAGE_LOCALES` entry when this runtime's Intl
 * knows it, else `en-ZA` (a JavaScript engine built with reduced locale data, e.g. some Android
 * WebViews, may lack zu-ZA: it then formats the South African way in English, `R 12 480,50`).
 */
export function formatLocale(language: MemberLanguage): string {
  const locale = LANGUAGE_LOCALES[language];
  return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 ? locale : LANGUAGE_LOCALES.en;
}
