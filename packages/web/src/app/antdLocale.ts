import enUS from 'antd/es/locale/en_US';
import type { Locale } from 'antd/es/locale';
import type { Language } from '../config/edition';

/**
 * antd's texts by language (its OK/Cancel, pagination, empty states). English is antd's own default and is in the
 * sign-in page's scripts anyway; Chinese loads with the Chinese catalogue (i18n `loadCatalogue`), so an English
 * sign-in page does not carry it (docs/web.md "Delivery"). Both from antd's ES modules, not its CommonJS `antd/locale`.
 */
const loaded: Partial<Record<Language, Locale>> = { en: enUS };

export function antdLocale(language: Language): Locale {
  return loaded[language] ?? enUS;
}

export async function loadAntdLocale(language: Language): Promise<void> {
  if (language === 'zh' && !loaded.zh) loaded.zh = (await import('antd/es/locale/zh_CN')).default;
}
