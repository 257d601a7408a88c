import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { edition, type Language } from '../config/edition';
import { StorageKey, readJson, writeJson } from '../state/storage';
import { enCatalogue, zhCatalogue, type WebKey } from './keys';

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

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: enCatalogue }, zh: { translation: zhCatalogue } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyLanguage(currentLanguage());

export function currentLanguage(): Language {
  return i18n.language === 'zh' ? 'zh' : 'en';
}

/** The user's language switch: applied at once and remembered locally. */
export async function changeLanguage(language: Language): Promise<void> {
  writeJson(StorageKey.LANGUAGE, language);
  applyLanguage(language);
  await i18n.changeLanguage(language);
}

/** Translates a message key that came from the server or a zod schema; unknown text is shown as it is. */
export function translateMessage(keyOrText: string | undefined): string {
  if (!keyOrText) return '';
  return i18n.exists(keyOrText) ? i18n.t(keyOrText as WebKey) : keyOrText;
}
