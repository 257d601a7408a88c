import { en, type MessageKey } from './en';
import { zh } from './zh';

export { en, zh, type MessageKey };
export type Language = 'en' | 'zh';

const catalogues: Record<Language, Record<MessageKey, string>> = { en, zh };

/** Picks the language from an Accept-Language header value (zh-CN, zh;q=0.9, en-US …); English otherwise. */
export function languageFrom(acceptLanguage: string | undefined | null): Language {
  return acceptLanguage && /^\s*zh/i.test(acceptLanguage) ? 'zh' : 'en';
}

export function isMessageKey(key: string): key is MessageKey {
  return key in en;
}

/** The text of a message key in a language; `{0}`, `{1}` … are replaced by the arguments. */
export function translate(key: MessageKey, language: Language, ...args: Array<string | number>): string {
  const template = catalogues[language][key] ?? en[key];
  return template.replace(/\{(\d+)\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
}
