import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LOCALES = ['en', 'id'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_STORAGE_KEY = 'sapa.locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale chosen earlier on this browser (spec §9: stored locally), else English. */
export function findStoredLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

type Strings = { [key: string]: string | Strings };

/**
 * Each language's main strings are a chunk of their own, loaded when that language is first used: the
 * login page downloads only the active one (issue 19: both were 44 kB gzip of its entry). Strings only a
 * lazy screen uses live in its feature's namespace (`locales/<feature>/`), loaded with the screen.
 */
const BUNDLES: Record<Locale, () => Promise<{ default: Strings }>> = {
  en: () => import('../../locales/en.json'),
  id: () => import('../../locales/id.json'),
};

export const i18n = i18next.createInstance();
const initialLocale = findStoredLocale();

void i18n.use(initReactI18next).init({
  resources: {},
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function applyDocumentLanguage(locale: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

const loading = new Map<Locale, Promise<void>>();

/** Adds a language's main strings to i18next, once; a failed load may be tried again. */
export function loadLocale(locale: Locale): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = BUNDLES[locale]().then(
      ({ default: strings }) => {
        i18n.addResourceBundle(locale, 'translation', strings, true, false);
      },
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

/**
 * Settles once the stored language's strings are in (or could not be fetched): the app renders after
 * it, so no screen ever shows a bare key. Started as this module loads, beside the rest of the entry.
 */
export const i18nReady: Promise<void> = loadLocale(initialLocale)
  // The fallback language's strings rather than keys.
  .catch(() => (initialLocale === DEFAULT_LOCALE ? undefined : loadLocale(DEFAULT_LOCALE)))
  .catch(() => undefined)
  // i18next resolves the language (`resolvedLanguage`) when it changes, not when strings arrive.
  .then(() => i18n.changeLanguage(initialLocale))
  .then(() => undefined);

/**
 * Switches the interface language and remembers it in localStorage. The language changes only once its
 * strings are loaded, so the screen never shows keys meanwhile; resolves `false` (nothing changed) when
 * they could not be fetched.
 */
export async function changeLocale(locale: Locale): Promise<boolean> {
  try {
    await loadLocale(locale);
  } catch {
    return false;
  }
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode or full storage: the switch still applies to this tab.
  }
  await i18n.changeLanguage(locale);
  return true;
}

/** The active locale, narrowed to the supported ones. */
export function getCurrentLocale(): Locale {
  return isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
}

/**
 * Joins a feature's namespace (`locales/<name>/{en,id}.json`, both languages: they are small) to the
 * translations as the keys `<name>.…`. A feature calls it from its `<feature>-i18n.ts`, which every file
 * using those keys imports, so the strings load with the feature's screens and not with the login page.
 */
export function addNamespace(name: string, strings: Record<Locale, Strings>): void {
  for (const locale of LOCALES) {
    i18n.addResourceBundle(locale, 'translation', { [name]: strings[locale] }, true, false);
  }
}
