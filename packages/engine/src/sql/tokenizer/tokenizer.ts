import { syntaxMessage } from '../syntax-error';
import * as chars from './chars';
import type { Token, TokenKind } from './token';

// Local bindings: hot loops call these per character, and module re-exports go through getters under tsx.
const { isDigit, isHexDigit, isIdChar, isSpace } = chars;

/** Duration unit letters, either case: b u a s m h d w n y. */
const UNIT_CHARS = new Set('buasmhdwnyBUASMHDWNY'.split('').map((ch) => ch.charCodeAt(0)));

/** Two-character operators first, then one-character ones; value = canonical spelling. */
const PUNCT2: Record<string, string> = {
  '<=': '<=',
  '>=': '>=',
  '<>': '<>',
  '!=': '<>',
  '==': '=',
  '<<': '<<',
  '>>': '>>',
  '||': '||',
  '->': '->',
};
const PUNCT1 = new Set(['(', ')', ',', '.', '+', '-', '*', '/', '%', '=', '<', '>', '&', '|', '~', ':', '?']);

/** `unrecognized token: "<rest>"` (9728), TDengine's message for characters it cannot lex. */
function unrecognized(sql: string, pos: number): Error {
  return syntaxMessage(`unrecognized token: "${sql.slice(pos)}"`);
}

/**
 * Resolves the escapes of a quoted string body (TDengine trimString): doubled delimiter → one; backslash +
 * n r t \ ' " → the character; `\%` and `\_` stay escaped (LIKE patterns need them), so does `\x` (a VARBINARY
 * hex literal, `'\x00ff'`); any other `\c` → c.
 */
export function unescapeString(body: string, delim: string): string {
  if (body.indexOf('\\') < 0 && body.indexOf(delim) < 0) return body;
  let out = '';
  for (let k = 0; k < body.length; k++) {
    const ch = body[k];
    if (ch === delim && body[k + 1] === delim) {
      out += delim;
      k++;
    } else if (ch === '\\' && delim !== '`' && k + 1 < body.length) {
      const nx = body[++k];
      if (nx === 'n') out += '\n';
      else if (nx === 'r') out += '\r';
      else if (nx === 't') out += '\t';
      else if (nx === '%' || nx === '_' || nx === 'x') out += '\\' + nx;
      else out += nx;
    } else {
      out += ch;
    }
  }
  return out;
}

/**
 * Lexes one statement on demand. Whitespace and comments (`-- ...`, `/* ... *\/`, hints `/*+ ... *\/`) are
 * skipped. Lexing stops at the first `;` outside quotes, as TDengine does: the `eof` token then sits on the
 * `;` (its error text is the rest from there), otherwise at the end of the input (`value` '').
 * `offset` may be moved by the insert fast path, which scans VALUES rows without tokens.
 */
export class Lexer {
  offset = 0;
  private ended = false;

  constructor(readonly sql: string) {}

  next(): Token {
    const sql = this.sql;
    const n = sql.length;
    let i = this.offset;
    if (this.ended) return { kind: 'eof', value: sql[i] === ';' ? ';' : '', start: i, end: n };
    for (;;) {
      while (i < n && isSpace(sql.charCodeAt(i))) i++;
      if (i >= n) break;
      const c = sql.charCodeAt(i);
      if (c === 45 /* - */ && sql.charCodeAt(i + 1) === 45) {
        const nl = sql.indexOf('\n', i + 2);
        i = nl < 0 ? n : nl + 1;
        continue;
      }
      if (c === 47 /* / */ && sql.charCodeAt(i + 1) === 42 /* * */) {
        const close = sql.indexOf('*/', i + 2);
        i = close < 0 ? n : close + 2;
        continue;
      }
      break;
    }
    this.offset = i;
    if (i >= n) {
      this.ended = true;
      return { kind: 'eof', value: '', start: n, end: n };
    }
    const token = lexToken(sql, i);
    if (token.kind === 'eof') this.ended = true;
    this.offset = token.end;
    return token;
  }

  /** Restarts lexing at a source offset (the insert fast path jumps over the rows it scanned itself). */
  seek(offset: number): void {
    this.offset = offset;
    this.ended = false;
  }
}

/** All tokens of one statement, ending with `eof` (tests and tools; the parser lexes lazily). */
export function tokenize(sql: string): Token[] {
  const lexer = new Lexer(sql);
  const tokens: Token[] = [];
  for (;;) {
    const t = lexer.next();
    tokens.push(t);
    if (t.kind === 'eof') return tokens;
  }
}

/** The token starting at `i` (not whitespace or a comment). */
function lexToken(sql: string, i: number): Token {
  const n = sql.length;
  const c = sql.charCodeAt(i);
  const start = i;
  if (c === 59 /* ; */) return { kind: 'eof', value: ';', start: i, end: n };
  if (isDigit(c) || (c === 46 /* . */ && isDigit(sql.charCodeAt(i + 1)))) return lexNumber(sql, i);
  if (c === 39 /* ' */ || c === 34 /* " */ || c === 96 /* ` */) {
    const k = findClosingQuote(sql, i);
    if (k < 0) throw unrecognized(sql, start);
    const body = unescapeString(sql.slice(i + 1, k), sql[i]);
    return { kind: c === 96 ? 'quoted' : 'string', value: body, start, end: k + 1 };
  }
  if (isIdChar(c)) {
    let k = i + 1;
    let ascii = c < 128;
    while (k < n && isIdChar(sql.charCodeAt(k))) {
      if (sql.charCodeAt(k) >= 128) ascii = false;
      k++;
    }
    // only ASCII letters change case (TDengine's strntolower); other letters are kept as written
    const text = sql.slice(i, k);
    return { kind: 'word', value: ascii ? text.toUpperCase() : text.replace(/[a-z]+/g, (m) => m.toUpperCase()), start, end: k };
  }
  const p2 = PUNCT2[sql.substr(i, 2)];
  if (p2 !== undefined) return { kind: 'punct', value: p2, start, end: i + 2 };
  const one = sql[i];
  if (PUNCT1.has(one)) return { kind: 'punct', value: one, start, end: i + 1 };
  throw unrecognized(sql, start);
}

/**
 * Index of the quote closing the quoted text opened at `i`, or -1 when unterminated. Backslash escapes the
 * next character in strings (not in back-quoted names); a doubled quote stands for itself.
 */
export function findClosingQuote(sql: string, i: number): number {
  const q = sql.charCodeAt(i);
  const n = sql.length;
  let k = i + 1;
  while (k < n) {
    const ch = sql.charCodeAt(k);
    if (ch === 92 /* \ */ && q !== 96) {
      k += 2;
      continue;
    }
    if (ch === q) {
      if (sql.charCodeAt(k + 1) === q) {
        k += 2;
        continue;
      }
      return k;
    }
    k++;
  }
  return -1;
}

/** Numbers: integers, floats (`1.`, `.5`, `1e-3`), hex `0x1f`, binary `0b101`, durations `10m`, IPs. */
function lexNumber(sql: string, i: number): Token {
  const start = i;
  const c1 = sql.charCodeAt(i + 1);
  if (sql.charCodeAt(i) === 48 && (c1 === 120 || c1 === 98) /* 0x 0b */) {
    const hex = c1 === 120;
    let k = i + 2;
    while (k < sql.length && (hex ? isHexDigit(sql.charCodeAt(k)) : sql[k] === '0' || sql[k] === '1')) k++;
    if (k > i + 2 && !isIdChar(sql.charCodeAt(k))) {
      return { kind: hex ? 'hex' : 'binary', value: BigInt(sql.slice(i, k)).toString(), start, end: k };
    }
  }
  let k = i;
  while (isDigit(sql.charCodeAt(k))) k++;
  let kind: TokenKind = 'integer';
  if (k > i && UNIT_CHARS.has(sql.charCodeAt(k)) && !isIdChar(sql.charCodeAt(k + 1))) {
    return { kind: 'duration', value: sql.slice(i, k + 1), start, end: k + 1 };
  }
  let segments = 1;
  while (sql.charCodeAt(k) === 46 && isDigit(sql.charCodeAt(k + 1))) {
    k += 2;
    while (isDigit(sql.charCodeAt(k))) k++;
    kind = 'float';
    segments++;
  }
  if (segments === 4) {
    return { kind: 'ip', value: sql.slice(i, k), start, end: k };
  }
  if (segments > 2) throw unrecognized(sql, start);
  if (segments === 1 && sql.charCodeAt(k) === 46 && k > i) {
    kind = 'float';
    k++;
  }
  const e = sql.charCodeAt(k);
  if (e === 101 || e === 69) {
    const s = sql.charCodeAt(k + 1);
    if (isDigit(s) || ((s === 43 || s === 45) && isDigit(sql.charCodeAt(k + 2)))) {
      k += 2;
      while (isDigit(sql.charCodeAt(k))) k++;
      kind = 'float';
    }
  }
  return { kind, value: sql.slice(i, k), start, end: k };
}
