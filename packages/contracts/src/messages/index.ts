import { coreEn } from './en';
import { coreZh } from './zh';
import { datainEn } from './datain-en';
import { datainZh } from './datain-zh';
import { supportEn } from './support-en';
import { supportZh } from './support-zh';
import { billingRequestsEn } from './billing-requests-en';
import { billingRequestsZh } from './billing-requests-zh';

/**
 * Every message, by language. The parts stay exported on their own: the web app's sign-in page loads only the core
 * (the data-in part is the console's). `Object.assign` rather than a spread, so a bundle that uses only a part can
 * drop the whole (a pure call).
 */
export const en = /* @__PURE__ */ Object.assign({}, coreEn, datainEn, supportEn, billingRequestsEn);
export const zh: Record<MessageKey, string> = /* @__PURE__ */ Object.assign({}, coreZh, datainZh, supportZh, billingRequestsZh);
export type MessageKey = keyof typeof coreEn | keyof typeof datainEn | keyof typeof supportEn | keyof typeof billingRequestsEn;
export { coreEn, coreZh, datainEn, datainZh, supportEn, supportZh, billingRequestsEn, billingRequestsZh };
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
