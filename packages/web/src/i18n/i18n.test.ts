import { describe, expect, it } from 'vitest';
import { enCatalogue, zhCatalogue } from './keys';
import { common } from './en/common';
import { common as zhCommon } from './zh/common';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}|\{(\d+)\}/g)].map((m) => m[0]).sort();

describe('i18n catalogue', () => {
  it('every English key exists in Chinese and vice versa', () => {
    const en = Object.keys(enCatalogue).sort();
    const zh = Object.keys(zhCatalogue).sort();
    expect(zh.filter((k) => !(k in enCatalogue))).toEqual([]);
    expect(en.filter((k) => !(k in zhCatalogue))).toEqual([]);
  });

  it('no text is empty and every translation keeps the placeholders', () => {
    for (const [key, text] of Object.entries(enCatalogue)) {
      const zh = zhCatalogue[key as keyof typeof enCatalogue];
      expect(text.trim(), key).not.toBe('');
      expect(zh.trim(), key).not.toBe('');
      expect(placeholders(zh), key).toEqual(placeholders(text));
    }
  });

  it('Chinese texts are translated, not copied (names, acronyms and language labels excepted)', () => {
    // A text with no word of three or more lowercase letters (outside placeholders) needs no translation: "IP", "TSDB".
    const needsTranslation = (text: string) => /[a-z]{3,}/.test(text.replace(/\{\{\w+\}\}/g, ''));
    const names = ['common.appName', 'common.appShortName', 'common.language.en', 'common.language.zh'];
    const copied = Object.keys(enCatalogue).filter((k) => {
      const text = enCatalogue[k as keyof typeof enCatalogue];
      return !names.includes(k) && needsTranslation(text) && text === zhCatalogue[k as keyof typeof enCatalogue];
    });
    expect(copied).toEqual([]);
    expect(Object.keys(zhCommon)).toEqual(Object.keys(common));
  });
});
