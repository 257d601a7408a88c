import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { edition, type Language } from '../config/edition';
import { StorageKey, readJson, writeJson } from '../state/storage';
import type { enCatalogue, WebKey } from './catalogues/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enCatalogue };
    keySeparator: false;
    nsSeparator: false;
  }
}

export type { WebKey };
export const LANGUAGES: readonly Language[] = ['en', 'zh'];

function storedLanguage(): Language {
  const stored = readJson<string | null>(StorageKey.LANGUAGE, null);
  return stored === 'en' || stored === 'zh' ? stored : edition.defaultLanguage;
}

function applyLanguage(language: Language): void {
  dayjs.locale(language === 'zh' ? 'zh-cn' : 'en');
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

/**
 * Each language's catalogue is a chunk of its own, loaded when first shown (docs/web.md "Delivery"): the sign-in page
 * carries one language, not both.
 */
const CATALOGUES: Record<Language, () => Promise<Record<string, string>>> = {
  en: () => import('./catalogues/en').then((m) => m.enCatalogue),
  zh: () => import('./catalogues/zh').then((m) => m.zhCatalogue),
};

export const i18n = i18next.createInstance();

// Starts without texts; `catalogueReady` holds the first render until the starting language's catalogue is in.
void i18n.use(initReactI18next).init({
  resources: {},
  lng: storedLanguage(),
  fallbackLng: 'en',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyLanguage(currentLanguage());

/** Adds a language's catalogue to i18next once; later calls wait for the same load. */
const loading = new Map<Language, Promise<void>>();
export function loadCatalogue(language: Language): Promise<void> {
  let load = loading.get(language);
  if (!load) {
    load = CATALOGUES[language]().then((catalogue) => void i18n.addResourceBundle(language, 'translation', catalogue));
    // A failed load (network) is tried again on the next call.
    load.catch(() => loading.delete(language));
    loading.set(language, load);
  }
  return load;
}

/** The starting language's catalogue: main.tsx renders after it, so the first screen shows texts, never keys. */
export const catalogueReady: Promise<void> = loadCatalogue(currentLanguage());

export function currentLanguage(): Language {
  return i18n.language === 'zh' ? 'zh' : 'en';
}

/** The user's language switch: applied at once and remembered locally. */
export async function changeLanguage(language: Language): Promise<void> {
  writeJson(StorageKey.LANGUAGE, language);
  await loadCatalogue(language);
  applyLanguage(language);
  await i18n.changeLanguage(language);
}

/** Translates a message key that came from the server or a zod schema; unknown text is shown as it is. */
export function translateMessage(keyOrText: string | undefined): string {
  if (!keyOrText) return '';
  return i18n.exists(keyOrText) ? i18n.t(keyOrText as WebKey) : keyOrText;
}
