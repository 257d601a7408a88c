import { TDENGINE_KEYWORDS } from '@tscloud/contracts/sql-words';

/**
 * Reserved words (the list lives in contracts' sql-words, shared with the console): TDengine's lexer turns every
 * entry of its keyword table (parTokenizer.c, 3.3 series) into a keyword token, so these cannot be used as unquoted
 * names (`select precision from ...` is a syntax error; facts §2.8).
 * Keywords that are also function names or pseudo columns (COUNT, FIRST, NOW, TBNAME, _WSTART ...) are handled
 * by the expression parser.
 */
export const KEYWORDS: ReadonlySet<string> = new Set(TDENGINE_KEYWORDS);

export function isKeyword(upper: string): boolean {
  return KEYWORDS.has(upper);
}
