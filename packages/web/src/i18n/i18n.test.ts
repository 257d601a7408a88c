import { describe, expect, it } from 'vitest';
import { en as serverEn, zh as serverZh } from '@tscloud/contracts';
import { enCatalogue, zhCatalogue } from './keys';
import { CHINESE_IN_EN, UNTRANSLATED_ZH, type AllowedText } from './allowList';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}|\{(\d+)\}/g)].map((m) => m[0]).sort();
const withoutPlaceholders = (text: string) => text.replace(/\{\{\w+\}\}|\{\d+\}/g, '');
const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;
const LATIN = /[A-Za-z]/;

/** Each area's catalogue file, by language: `{ 'common.ts': { 'common.ok': 'OK', … } }`. */
function areaFiles(modules: Record<string, Record<string, unknown>>): Map<string, Record<string, string>> {
  return new Map(
    Object.entries(modules).map(([path, exports]) => {
      const catalogues = Object.values(exports).filter((v): v is Record<string, string> => typeof v === 'object' && v !== null);
      expect(catalogues, `${path} exports one catalogue`).toHaveLength(1);
      return [path.slice(path.lastIndexOf('/') + 1), catalogues[0]];
    }),
  );
}
const enFiles = areaFiles(import.meta.glob<Record<string, unknown>>('./en/*.ts', { eager: true }));
const zhFiles = areaFiles(import.meta.glob<Record<string, unknown>>('./zh/*.ts', { eager: true }));

/** The texts that break a rule and are not allowed, and the allowed entries no text needs (stale). */
function againstAllowList(breaking: string[], allowed: readonly AllowedText[]) {
  const allowedTexts = new Set(allowed.map((a) => a.text));
  return {
    notAllowed: [...new Set(breaking.filter((text) => !allowedTexts.has(text)))],
    stale: allowed.filter((a) => !breaking.includes(a.text)).map((a) => a.text),
  };
}

describe('i18n catalogue', () => {
  it('every English key exists in Chinese and vice versa', () => {
    const en = Object.keys(enCatalogue).sort();
    const zh = Object.keys(zhCatalogue).sort();
    expect(zh.filter((k) => !(k in enCatalogue))).toEqual([]);
    expect(en.filter((k) => !(k in zhCatalogue))).toEqual([]);
    expect(Object.keys(serverZh).filter((k) => !(k in serverEn))).toEqual([]);
    expect(Object.keys(serverEn).filter((k) => !(k in serverZh))).toEqual([]);
  });

  it('each area has a file in both languages with the same keys, and every file is part of the catalogue', () => {
    expect([...zhFiles.keys()].sort()).toEqual([...enFiles.keys()].sort());
    for (const [file, en] of enFiles) {
      const zh = zhFiles.get(file) ?? {};
      expect(Object.keys(zh).filter((k) => !(k in en)), `zh/${file} keys not in en/${file}`).toEqual([]);
      expect(Object.keys(en).filter((k) => !(k in zh)), `en/${file} keys missing in zh/${file}`).toEqual([]);
      // A file not merged in its language's catalogue (catalogues/) would leave its keys untranslated at run time (shown as the key).
      expect(Object.keys(en).filter((k) => enCatalogue[k as keyof typeof enCatalogue] !== en[k]), `en/${file} merged in the English catalogue`).toEqual([]);
      expect(Object.keys(zh).filter((k) => zhCatalogue[k as keyof typeof zhCatalogue] !== zh[k]), `zh/${file} merged in the Chinese catalogue`).toEqual([]);
    }
  });

  it('no text is empty and every translation keeps the placeholders', () => {
    for (const [key, text] of Object.entries(enCatalogue)) {
      const zh = zhCatalogue[key as keyof typeof enCatalogue];
      expect(text.trim(), key).not.toBe('');
      expect(zh.trim(), key).not.toBe('');
      expect(placeholders(zh), key).toEqual(placeholders(text));
    }
  });

  it('Chinese texts are translated: a text with letters and no Chinese character is a listed name, unit or code', () => {
    // Catches a copied English text (zh equal to en) and an English text typed into the Chinese file alike.
    const untranslated = Object.values(zhCatalogue).filter((zh) => {
      const text = withoutPlaceholders(zh);
      return LATIN.test(text) && !CHINESE.test(text);
    });
    expect(againstAllowList(untranslated, UNTRANSLATED_ZH)).toEqual({ notAllowed: [], stale: [] });
  });

  it('English texts have no Chinese character (but the listed language name)', () => {
    const chinese = Object.values(enCatalogue).filter((en) => CHINESE.test(en));
    expect(againstAllowList(chinese, CHINESE_IN_EN)).toEqual({ notAllowed: [], stale: [] });
  });

  it('a text copied into the Chinese catalogue from English is found', () => {
    const rule = (zh: string) => LATIN.test(withoutPlaceholders(zh)) && !CHINESE.test(withoutPlaceholders(zh));
    expect(rule('Trigger')).toBe(true);
    expect(rule('{{name}} 已删除')).toBe(false);
    expect(rule('触发方式')).toBe(false);
    expect(againstAllowList(['Trigger', 'SQL'], UNTRANSLATED_ZH).notAllowed).toEqual(['Trigger']);
  });
});
