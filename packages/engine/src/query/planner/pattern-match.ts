import { TdCode, TdError } from '../../errors';
import { quoteString } from '../../storage/names';
import { isString } from '../../types';
import { escapeRegex, type LikeToken, likeTokens } from '../system/like';
import type { Typed } from './scope';
import { asciiLower } from './text-sql';

/**
 * LIKE and MATCH/NMATCH as TDengine evaluates them (tcompare.c patternMatch / wcsPatternMatch / regcomp):
 * - VARCHAR LIKE walks bytes: letters compare through the C library's tolower (ASCII only: 'app%' matches 'APPLE',
 *   'é' does not match 'É'), and `_` is one byte ('ü' is two);
 * - NCHAR LIKE walks UCS-4 characters through towlower, which in TDengine's C locale folds ASCII letters only
 *   ('naïve%' does not match 'NAÏVE Ä', 40#124): `_` is one character;
 * - MATCH/NMATCH are POSIX extended regular expressions; a pattern that does not compile is refused
 *   (0x2681, "Syntax error in regular expression"), as is either operator over a non-string operand (0x0200).
 */

/** Runs of `_` longer than this fall back to one character each: the byte-exact form grows ~1.9× a byte (14 kB at 10). */
const MAX_EXACT_BYTE_RUN = 10;

/** RE2 classes of the characters whose UTF-8 form has 1, 2, 3, 4 bytes. */
const UTF8_WIDTH_CLASSES = ['[\\x00-\\x7F]', '[\\x{80}-\\x{7FF}]', '[\\x{800}-\\x{FFFF}]', '[\\x{10000}-\\x{10FFFF}]'];

/** Whole characters whose UTF-8 forms add up to exactly `bytes` bytes. */
function exactBytes(bytes: number, memo = new Map<number, string>()): string {
  if (bytes === 0) return '';
  const known = memo.get(bytes);
  if (known !== undefined) return known;
  const alternatives = UTF8_WIDTH_CLASSES.slice(0, Math.min(4, bytes)).map((cls, i) => cls + exactBytes(bytes - i - 1, memo));
  const re = `(?:${alternatives.join('|')})`;
  memo.set(bytes, re);
  return re;
}

/**
 * A run of `%`/`_` in a VARCHAR pattern. Literal text always starts on a character boundary (a UTF-8 lead byte never
 * equals a continuation byte), so a run covers whole characters: exactly `ones` bytes of them without `%`, at least
 * `ones` with one (any text of ≥ n bytes starts with whole characters of n … n+3 bytes).
 */
function byteRun(ones: number, open: boolean): string {
  if (ones > MAX_EXACT_BYTE_RUN) return `.{${ones}}${open ? '.*' : ''}`;
  if (!open) return exactBytes(ones);
  if (ones === 0) return '.*';
  return `(?:${[0, 1, 2, 3].map((extra) => exactBytes(ones + extra)).join('|')}).*`;
}

/**
 * A constant VARCHAR LIKE pattern as an RE2 expression with TDengine's byte and case rules, anchored at each end
 * unless that end is a bare `%`.
 */
export function varcharLikeRegex(tokens: LikeToken[]): string {
  const parts: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    const t = tokens[i];
    if (t.kind === 'char') {
      parts.push(/^[a-z]$/i.test(t.ch) ? `[${t.ch.toLowerCase()}${t.ch.toUpperCase()}]` : escapeRegex(t.ch));
      i++;
      continue;
    }
    let ones = 0;
    let open = false;
    for (; i < tokens.length && tokens[i].kind !== 'char'; i++) {
      if (tokens[i].kind === 'one') ones++;
      else open = true;
    }
    parts.push(byteRun(ones, open));
  }
  const openStart = parts[0] === '.*';
  if (openStart) parts.shift();
  const openEnd = parts.length > 0 && parts[parts.length - 1] === '.*';
  if (openEnd) parts.pop();
  return `(?s)${openStart ? '' : '^'}${parts.join('')}${openEnd ? '' : '$'}`;
}

const isAsciiText = (text: string): boolean => Buffer.byteLength(text) === text.length;

function invalidOperation(): TdError {
  return new TdError(TdCode.TSC_INVALID_OPERATION, 'Invalid operation');
}

/**
 * A constant pattern rewritten for DuckDB's LIKE/ILIKE with ESCAPE '\\': TDengine reads a trailing backslash as a
 * plain character, where DuckDB refuses a pattern that ends in its escape.
 */
function duckLike(tokens: LikeToken[]): { pattern: string; escape: string } {
  const text = tokens.map((t) => (t.kind === 'any' ? '%' : t.kind === 'one' ? '_' : /[%_\\]/.test(t.ch) ? `\\${t.ch}` : t.ch)).join('');
  // ESCAPE costs ILIKE half its speed: only when the pattern needs it
  return { pattern: quoteString(text), escape: text.includes('\\') ? ` ESCAPE '\\'` : '' };
}

/** `value [NOT] LIKE pattern`. */
export function likeSql(value: Typed, pattern: Typed, not: boolean): string {
  if (!isString(value.type) || (!isString(pattern.type) && pattern.sql !== 'NULL')) throw invalidOperation();
  const neg = not ? 'NOT ' : '';
  if (typeof pattern.constant !== 'string') {
    // a pattern known only per row: ASCII case folded on both sides, `_` one character
    return `(${asciiLower(value.sql)} ${neg}LIKE ${asciiLower(pattern.sql)} ESCAPE '\\')`;
  }
  const tokens = likeTokens(pattern.constant);
  const duck = duckLike(tokens);
  if (value.type.name === 'NCHAR') {
    // an ASCII pattern: ILIKE folds just what towlower folds where a pattern character meets a value character
    if (isAsciiText(pattern.constant)) return `(${value.sql} ${neg}ILIKE ${duck.pattern}${duck.escape})`;
    return `(${asciiLower(value.sql)} ${neg}LIKE ${asciiLower(duck.pattern)}${duck.escape})`;
  }
  const plain = tokens.every((t) => t.kind === 'any' || (t.kind === 'char' && !/[a-z]/i.test(t.ch)));
  // no letter and no `_`: DuckDB's own LIKE gives the same answer (and its prefix/suffix/contains fast paths)
  if (plain) return `(${value.sql} ${neg}LIKE ${duck.pattern}${duck.escape})`;
  const regex = `regexp_matches(${value.sql}, ${quoteString(varcharLikeRegex(tokens))})`;
  // a non-ASCII pattern never matches ASCII text in TDengine, but ILIKE folds e.g. the Kelvin sign to 'k': regex only
  if (!isAsciiText(pattern.constant)) return not ? `(NOT ${regex})` : regex;
  // On pure ASCII text (as many bytes as characters) a byte is a character and ILIKE folds ASCII case exactly as
  // TDengine; other text takes the byte-exact regular expression.
  const ascii = `strlen(${value.sql}) = length(${value.sql})`;
  const match = `CASE WHEN ${ascii} THEN ${value.sql} ILIKE ${duck.pattern}${duck.escape} ELSE ${regex} END`;
  return not ? `(NOT (${match}))` : `(${match})`;
}

/** Refuses what POSIX regcomp(REG_EXTENDED) would not compile (RE2-only syntax such as `(?i)` included). */
function checkRegex(pattern: string): void {
  let ok = !pattern.includes('(?');
  if (ok) {
    try {
      new RegExp(pattern);
    } catch {
      ok = false;
    }
  }
  if (!ok) throw new TdError(TdCode.PAR_REGULAR_EXPRESSION_ERROR, 'Syntax error in regular expression');
}

/** `value MATCH re` (`matches`) or `value NMATCH re`. */
export function regexMatchSql(value: Typed, pattern: Typed, matches: boolean): string {
  if (!isString(value.type) || (!isString(pattern.type) && pattern.sql !== 'NULL')) throw invalidOperation();
  if (typeof pattern.constant === 'string') checkRegex(pattern.constant);
  const m = `regexp_matches(${value.sql}, ${pattern.sql})`;
  return matches ? m : `(NOT ${m})`;
}
