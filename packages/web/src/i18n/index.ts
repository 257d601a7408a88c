import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { edition, type Language } from '../config/edition';
import { StorageKey, readJson, writeJson } from '../state/storage';
import { loadAntdLocale } from '../app/antdLocale';
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

/**
 * dayjs shows only the console's dates, so it loads with the console part of the catalogue (every page but the
 * sign-in page waits for that part), not on the sign-in page.
 */
let setDayjsLocale: ((language: Language) => void) | null = null;
const loadDayjs = () =>
  import('./dayjsLocale').then((module) => {
    setDayjsLocale = module.setDayjsLocale;
    setDayjsLocale(currentLanguage());
  });

function applyLanguage(language: Language): void {
  setDayjsLocale?.(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

/**
 * Each language's catalogue is two chunks, loaded when first needed (docs/web.md "Delivery"): the sign-in page
 * carries one language's sign-in part (catalogues/enSignIn.ts), every other screen the whole catalogue.
 */
type CataloguePart = 'signIn' | 'console';
const PARTS: Record<Language, Record<CataloguePart, () => Promise<Record<string, string>>>> = {
  en: {
    signIn: () => import('./catalogues/enSignIn').then((m) => m.enSignInCatalogue),
    console: () => Promise.all([import('./catalogues/enConsole'), loadDayjs()]).then(([m]) => m.enConsoleCatalogue),
  },
  zh: {
    signIn: () => Promise.all([import('./catalogues/zhSignIn'), loadAntdLocale('zh')]).then(([m]) => m.zhSignInCatalogue),
    console: () => Promise.all([import('./catalogues/zhConsole'), loadDayjs()]).then(([m]) => m.zhConsoleCatalogue),
  },
};
/** What a screen needs: the sign-in page its part, every other screen the whole catalogue. */
export type CatalogueNeed = 'signIn' | 'all';

export const i18n = i18next.createInstance();

// Starts without texts: main.tsx renders once the first screen's catalogue is in (loadCatalogue).
void i18n.use(initReactI18next).init({
  resources: {},
  // A part added later (the console's, on leaving the sign-in page) re-renders what shows texts.
  react: { bindI18nStore: 'added' },
  lng: storedLanguage(),
  fallbackLng: 'en',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyLanguage(currentLanguage());

/** Adds a part of a language's catalogue to i18next once; later calls wait for the same load. */
const loading = new Map<string, Promise<void>>();
function loadPart(language: Language, part: CataloguePart): Promise<void> {
  const id = `${language}:${part}`;
  let load = loading.get(id);
  if (!load) {
    load = PARTS[language][part]().then((catalogue) => void i18n.addResourceBundle(language, 'translation', catalogue, true, true));
    // A failed load (network) is tried again on the next call.
    load.catch(() => loading.delete(id));
    loading.set(id, load);
  }
  return load;
}

/** The widest need so far: a language switch loads as much of the other language. */
let widestNeed: CatalogueNeed = 'signIn';

/** Loads what a screen needs of a language's catalogue (main.tsx before the first render, lazyPage before a page). */
export async function loadCatalogue(language: Language, need: CatalogueNeed = 'all'): Promise<void> {
  if (need === 'all') widestNeed = 'all';
  await Promise.all((need === 'all' ? (['signIn', 'console'] as const) : (['signIn'] as const)).map((part) => loadPart(language, part)));
}

export function currentLanguage(): Language {
  return i18n.language === 'zh' ? 'zh' : 'en';
}

/** The user's language switch: applied at once and remembered locally. */
export async function changeLanguage(language: Language): Promise<void> {
  writeJson(StorageKey.LANGUAGE, language);
  await loadCatalogue(language, widestNeed);
  applyLanguage(language);
  await i18n.changeLanguage(language);
}

/** Translates a message key that came from the server or a zod schema; unknown text is shown as it is. */
export function translateMessage(keyOrText: string | undefined): string {
  if (!keyOrText) return '';
  return i18n.exists(keyOrText) ? i18n.t(keyOrText as WebKey) : keyOrText;
}
