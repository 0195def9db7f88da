import {
  DEFAULT_LANGUAGE,
  formatLocale,
  formatRand,
  isMemberLanguage,
  LANGUAGE_LOCALES,
  MEMBER_LANGUAGES,
  type MemberLanguage,
} from '@bcp/contract';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { type Catalog, en } from './locales/en';

/** Where the member's choice of language is kept in the browser (decision 036). */
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * The other catalogs, each its own chunk fetched when first needed (English is in the first load:
 * Afrikaans and isiZulu would add about 20 kB compressed to every member's first page).
 */
const LOAD_CATALOG: Record<Exclude<MemberLanguage, 'en'>, () => Promise<Catalog>> = {
  af: () => import('./locales/af').then((module) => module.af),
  zu: () => import('./locales/zu').then((module) => module.zu),
};

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

/**
 * i18next for the member app (decision 036): English, Afrikaans and isiZulu. The language is the
 * member's choice kept in `localStorage` (`language`), else the browser's (`navigator.languages`,
 * e.g. `af-ZA` -> `af`), else English. Initialized synchronously on import with English; the
 * detected language's catalog is loaded by `i18nReady`, which the app awaits before its first render.
 */
/**
 * The language to start in: the member's choice kept in this browser, else the first of the
 * browser's languages we have (`af-ZA` -> `af`), else English. (Twelve lines instead of
 * i18next-browser-languagedetector, 2 kB compressed on every first load.)
 */
function detectLanguage(): MemberLanguage {
  try {
    const chosen = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isMemberLanguage(chosen)) return chosen;
  } catch {
    // No storage (private mode, tests): the browser's languages decide.
  }
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isMemberLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en } },
  partialBundledLanguages: true,
  // English until `i18nReady` has loaded the detected language's catalog.
  lng: DEFAULT_LANGUAGE,
  supportedLngs: [...MEMBER_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  initAsync: false,
  // React escapes what it renders; the catalogs hold no HTML.
  interpolation: { escapeValue: false },
});

/** `<html lang>` follows the language, so screen readers pronounce the page in it. */
function markDocument(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
markDocument(currentLanguage());
i18next.on('languageChanged', markDocument);

export { i18next };

/** The app's language now: `en`, `af` or `zu`. */
export function currentLanguage(): MemberLanguage {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isMemberLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Loads a language's catalog once (English is always there). */
async function loadCatalog(language: MemberLanguage): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', await LOAD_CATALOG[language]());
}

/** The language detected at start, with its catalog loaded: await it before the first render. */
export const i18nReady: Promise<void> = (async () => {
  const detected = detectLanguage();
  if (detected === 'en') return;
  try {
    await loadCatalog(detected);
    await i18next.changeLanguage(detected);
  } catch {
    // The catalog could not be fetched (offline): the app shows itself in English.
    await i18next.changeLanguage(DEFAULT_LANGUAGE);
  }
})();

/** The member picked a language: shown at once and remembered in this browser. */
export async function chooseLanguage(language: MemberLanguage): Promise<void> {
  await loadCatalog(language);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the choice lasts until the page is closed.
  }
  await i18next.changeLanguage(language);
}

/**
 * A text of the app's own, in English: a contract constant the app itself shows (a client-side
 * rule's message, the spec's notices), never a server's answer. Server errors are shown by their
 * `code` (`translateError` in `./errors`); the brand keeps an answer's `message` (a plain string)
 * out of `translateMessage`. Made only by `appMessage` (where, is checked by `i18n-errors.test.ts`).
 */
declare const appMessageBrand: unique symbol;
export type AppMessage = string & { readonly [appMessageBrand]: true };

/** Marks a text the app made itself (a client-side rule's result) as an `AppMessage`. */
export function appMessage(text: string): AppMessage {
  return text as AppMessage;
}

/** English message text -> its key under `messages` (the app's own texts from the contract, spec 4, 5 and 8). */
const MESSAGE_KEYS = new Map<string, string>();
(function index(node: unknown, path: string) {
  if (typeof node === 'string') {
    if (!MESSAGE_KEYS.has(node)) MESSAGE_KEYS.set(node, path);
    return;
  }
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) index(value, `${path}.${key}`);
})(en.messages, 'messages');

/** The client-side length rule's message (`tooLongMessage(N)`), said with its number. */
const TOO_LONG = /^Must be at most (\d{1,6}) characters\.$/;

/**
 * One of the app's own texts in the app's language: the contract's messages the app shows itself
 * (client-side rules, `Must be at most N characters.` with its number, the spec's notices), found by
 * their English text among `messages`. Anything else is returned as it is. No server message can
 * come here (`AppMessage`): the server's errors are shown by code (`translateError`).
 */
export function translateMessage(message: AppMessage): string {
  const key = MESSAGE_KEYS.get(message);
  // biome-ignore lint/suspicious/noExplicitAny: the key comes from the catalog itself (walked above).
  if (key) return i18next.t(key as any) as string;
  const tooLong = TOO_LONG.exec(message);
  return tooLong ? i18next.t('messages.rule.tooLong', { max: tooLong[1] }) : message;
}

/** Amounts and dates in the app's language (`en-ZA`, `af-ZA`, `zu-ZA`; `formatLocale` falls back to `en-ZA`). */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = isMemberLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const locale = formatLocale(language);
  // Without the language's own data (Debian's Chromium has no zu-ZA), months would be named in
  // English: a date is then written in figures.
  const ownLocale = locale === LANGUAGE_LOCALES[language];
  const dateOptions: Intl.DateTimeFormatOptions = ownLocale
    ? { day: 'numeric', month: 'long', year: 'numeric' }
    : { day: '2-digit', month: '2-digit', year: 'numeric' };
  return {
    locale,
    /** Cents as rand: `R 12 480,50` (en-ZA, af-ZA), `R12,480.50` (zu-ZA). */
    rand: (cents: number) => formatRand(cents, locale),
    /** A day: `25 November 2026` (en, af), `Novemba 25, 2026` (zu where Intl has zu-ZA, else `2026/11/25`). */
    date: (value: string | Date) => new Intl.DateTimeFormat(locale, dateOptions).format(new Date(value)),
    /** A number with at most `digits` decimals, e.g. a percentage or a size in MB. */
    number: (value: number, digits: number) => value.toLocaleString(locale, { maximumFractionDigits: digits }),
  };
}
