import type { Token } from '../tokenizer';
import { isKeyword, Lexer, lowerOutsideQuotes } from '../tokenizer';
import { incompleteSql, syntaxErrorNear } from '../syntax-error';

/**
 * Position in the token list of one statement, with the small helpers every statement parser uses.
 * All failures go through `fail`, which reproduces TDengine's messages: 9729 when the input ended,
 * otherwise 9728 `syntax error near "<SQL from the offending token on>"`.
 */
export class Cursor {
  /** Index of the current token in `tokens`. */
  pos = 0;
  /** Tokens lexed so far (lazily: the lexer runs only as far as the parser looks). */
  private readonly tokens: Token[] = [];
  private readonly lexer: Lexer;
  /** Whether hex/binary literals are values here (INSERT VALUES and tag values only; see parseValueExpression). */
  hexLiterals = false;
  /** Whether identifiers carry where they were written (ParseOptions.spans). */
  spans = false;
  /** Whether `%%trows`, `%%tbname`, `%%1` … are read (a 3.3.7 stream's parts after its name; see parseStreamPlaceholder). */
  streamPlaceholders = false;

  constructor(readonly sql: string) {
    this.lexer = new Lexer(sql);
  }

  peek(offset = 0): Token {
    const i = this.pos + offset;
    const tokens = this.tokens;
    while (tokens.length <= i) {
      const last = tokens[tokens.length - 1];
      if (last && last.kind === 'eof') return last;
      tokens.push(this.lexer.next());
    }
    return tokens[i];
  }

  next(): Token {
    const t = this.peek();
    if (t.kind !== 'eof') this.pos++;
    return t;
  }

  /**
   * Continues lexing at a source offset, dropping any lookahead: the insert fast path scans VALUES rows
   * straight from the text and hands back where it stopped.
   */
  seek(offset: number): void {
    this.tokens.length = this.pos;
    this.lexer.seek(offset);
  }

  /** The token just consumed (for span ends). */
  prev(): Token {
    return this.tokens[this.pos > 0 ? this.pos - 1 : 0];
  }

  atEnd(): boolean {
    return this.peek().kind === 'eof';
  }

  /** A word token with this upper-case value (keywords and plain words alike). */
  isWord(word: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === 'word' && t.value === word;
  }

  acceptWord(word: string): boolean {
    if (this.isWord(word)) {
      this.next();
      return true;
    }
    return false;
  }

  /**
   * A fixed word sequence (`ORDER BY`, `IF NOT EXISTS`): when the first word is there the rest must follow,
   * so `order ts` fails on `ts`, as TDengine's LALR parser reports it. Only for sequences whose first word
   * starts nothing else at that point.
   */
  acceptWords(...words: string[]): boolean {
    if (!this.acceptWord(words[0])) return false;
    for (let k = 1; k < words.length; k++) this.expectWord(words[k]);
    return true;
  }

  expectWord(word: string): Token {
    if (!this.isWord(word)) this.fail();
    return this.next();
  }

  isPunct(p: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === 'punct' && t.value === p;
  }

  acceptPunct(p: string): boolean {
    if (this.isPunct(p)) {
      this.next();
      return true;
    }
    return false;
  }

  expectPunct(p: string): Token {
    if (!this.isPunct(p)) this.fail();
    return this.next();
  }

  /** True when the token could be a name: a non-reserved word or a back-quoted identifier. */
  isName(offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === 'quoted' || (t.kind === 'word' && !isKeyword(t.value));
  }

  /** Source text between two token boundaries, lower-cased outside quotes as TDengine's client does. */
  text(start: number, end: number): string {
    return lowerOutsideQuotes(this.sql.slice(start, end));
  }

  /** Throws TDengine's syntax error for the token at the cursor (or the given one). */
  fail(token: Token = this.peek()): never {
    if (token.kind === 'eof' && token.value === '') throw incompleteSql();
    throw syntaxErrorNear(this.sql, token.start);
  }

  /** Fails unless the statement is complete here. */
  expectEnd(): void {
    if (!this.atEnd()) this.fail();
  }
}

/** SELECT, or a parenthesized query. */
export function isQueryStart(c: Cursor): boolean {
  if (c.isWord('SELECT')) return true;
  let k = 0;
  while (c.isPunct('(', k)) k++;
  return k > 0 && c.isWord('SELECT', k);
}
