import { syntaxMessage } from '../syntax-error';
import type { Token, TokenKind } from './token';

/** Characters that may continue a name (TDengine's isIdChar: letters, digits, `_`), plus any non-ASCII byte. */
function isIdChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c >= 128;
}
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isHexDigit = (c: number): boolean => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;
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
 * n r t \ ' " → the character; `\%` and `\_` stay escaped (LIKE patterns need them); `\x` → x.
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
      else if (nx === '%' || nx === '_') out += '\\' + nx;
      else out += nx;
    } else {
      out += ch;
    }
  }
  return out;
}

/**
 * Splits one statement into tokens. Whitespace and comments (`-- ...`, `/* ... *\/`, hints `/*+ ... *\/`) are
 * skipped. Lexing stops at the first `;` outside quotes, as TDengine does: the `eof` token then sits on the
 * `;` (its error text is the rest from there), otherwise at the end of the input.
 */
export function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  const n = sql.length;
  let i = 0;
  const push = (kind: TokenKind, value: string, start: number, end: number): void => {
    tokens.push({ kind, value, start, end });
  };
  while (i < n) {
    const c = sql.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    // comments
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
    if (c === 59 /* ; */) {
      push('eof', ';', i, n);
      return tokens;
    }
    if (isDigit(c) || (c === 46 /* . */ && isDigit(sql.charCodeAt(i + 1)))) {
      i = lexNumber(sql, i, push);
      continue;
    }
    if (c === 39 /* ' */ || c === 34 /* " */ || c === 96 /* ` */) {
      const delim = sql[i];
      let k = i + 1;
      let closed = false;
      while (k < n) {
        const ch = sql.charCodeAt(k);
        if (ch === 92 /* \ */ && c !== 96) {
          k += 2;
          continue;
        }
        if (ch === c) {
          if (sql.charCodeAt(k + 1) === c) {
            k += 2;
            continue;
          }
          closed = true;
          break;
        }
        k++;
      }
      if (!closed) throw unrecognized(sql, start);
      const body = unescapeString(sql.slice(i + 1, k), delim);
      push(c === 96 ? 'quoted' : 'string', body, start, k + 1);
      i = k + 1;
      continue;
    }
    if (isIdChar(c)) {
      let k = i + 1;
      while (k < n && isIdChar(sql.charCodeAt(k))) k++;
      push('word', sql.slice(i, k).toUpperCase(), start, k);
      i = k;
      continue;
    }
    const two = sql.substr(i, 2);
    const p2 = PUNCT2[two];
    if (p2 !== undefined) {
      push('punct', p2, start, i + 2);
      i += 2;
      continue;
    }
    const one = sql[i];
    if (PUNCT1.has(one)) {
      push('punct', one, start, i + 1);
      i++;
      continue;
    }
    throw unrecognized(sql, start);
  }
  push('eof', '', n, n);
  return tokens;
}

/** Numbers: integers, floats (`1.`, `.5`, `1e-3`), hex `0x1f`, binary `0b101`, durations `10m`, IPs. */
function lexNumber(sql: string, i: number, push: (k: TokenKind, v: string, s: number, e: number) => void): number {
  const start = i;
  const c1 = sql.charCodeAt(i + 1);
  if (sql.charCodeAt(i) === 48 && (c1 === 120 || c1 === 98) /* 0x 0b */) {
    const hex = c1 === 120;
    let k = i + 2;
    while (k < sql.length && (hex ? isHexDigit(sql.charCodeAt(k)) : sql[k] === '0' || sql[k] === '1')) k++;
    if (k > i + 2 && !isIdChar(sql.charCodeAt(k))) {
      push(hex ? 'hex' : 'binary', BigInt(sql.slice(i, k)).toString(), start, k);
      return k;
    }
  }
  let k = i;
  while (isDigit(sql.charCodeAt(k))) k++;
  let kind: TokenKind = 'integer';
  if (k > i && UNIT_CHARS.has(sql.charCodeAt(k)) && !isIdChar(sql.charCodeAt(k + 1))) {
    push('duration', sql.slice(i, k + 1), start, k + 1);
    return k + 1;
  }
  let segments = 1;
  while (sql.charCodeAt(k) === 46 && isDigit(sql.charCodeAt(k + 1))) {
    k += 2;
    while (isDigit(sql.charCodeAt(k))) k++;
    kind = 'float';
    segments++;
  }
  if (segments === 4) {
    push('ip', sql.slice(i, k), start, k);
    return k;
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
  push(kind, sql.slice(i, k), start, k);
  return k;
}
