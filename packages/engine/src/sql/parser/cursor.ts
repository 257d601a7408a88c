import type { Token } from '../tokenizer';
import { isKeyword } from '../tokenizer';
import { incompleteSql, syntaxErrorNear } from '../syntax-error';

/**
 * Position in the token list of one statement, with the small helpers every statement parser uses.
 * All failures go through `fail`, which reproduces TDengine's messages: 9729 when the input ended,
 * otherwise 9728 `syntax error near "<SQL from the offending token on>"`.
 */
export class Cursor {
  pos = 0;
  private readonly last: number;

  constructor(
    readonly sql: string,
    readonly tokens: Token[],
  ) {
    this.last = tokens.length - 1;
  }

  peek(offset = 0): Token {
    const i = this.pos + offset;
    return this.tokens[i > this.last ? this.last : i];
  }

  next(): Token {
    const t = this.tokens[this.pos];
    if (this.pos < this.last) this.pos++;
    return t;
  }

  /** The token just consumed (for span ends). */
  prev(): Token {
    return this.tokens[this.pos > 0 ? this.pos - 1 : 0];
  }

  atEnd(): boolean {
    return this.tokens[this.pos].kind === 'eof';
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

  /** Accepts a sequence of words only if all of them follow. */
  acceptWords(...words: string[]): boolean {
    for (let k = 0; k < words.length; k++) if (!this.isWord(words[k], k)) return false;
    this.pos += words.length;
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

  /** Source text between two offsets. */
  text(start: number, end: number): string {
    return this.sql.slice(start, end);
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
