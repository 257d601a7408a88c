import type { Statement } from '../ast';
import { incompleteSql, syntaxErrorNear } from '../syntax-error';
import { Cursor } from './cursor';
import { parseStatement } from './statement';

/**
 * Parses one statement. The statement ends at the first `;` outside quotes; anything after it is ignored, as
 * in TDengine. TDengine's client lower-cases the SQL outside quotes before parsing (see lowerOutsideQuotes):
 * names, expression `text`s, query texts and error near-texts come out in that form. We lower-case lazily,
 * where text is taken, so INSERT rows are never copied. Throws only TdError: 9728 `syntax error near
 * "..."`, 9729 `Incomplete SQL statement`, and 534 for errors in INSERT VALUES (TDengine's insert parser).
 */
export interface ParseOptions {
  /** Identifiers carry their span in `sql` (the console's tenant SQL guard rewrites names where they stand). */
  spans?: boolean;
}

export function parse(sql: string, options: ParseOptions = {}): Statement {
  const c = new Cursor(sql);
  c.spans = options.spans === true;
  if (c.atEnd()) throw incompleteSql();
  try {
    const statement = parseStatement(c);
    c.expectEnd();
    return statement;
  } catch (e) {
    // Pathological nesting (thousands of parentheses) exhausts the JS stack; TDengine's parser stack
    // overflows too. Report it as a syntax error on the statement rather than leak a RangeError.
    if (e instanceof RangeError) throw syntaxErrorNear(sql, 0);
    throw e;
  }
}

/** Splits a script on `;` outside quotes and comments and parses each non-empty statement. */
export function parseScript(sql: string): Statement[] {
  return splitStatements(sql).map((piece) => parse(piece));
}

/** The statements of a script as source texts (without the `;`), empty ones dropped. */
export function splitStatements(sql: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const ch = sql[i];
    if (ch === "'" || ch === '"' || ch === '`') {
      i = skipQuoted(sql, i);
    } else if (ch === '-' && sql[i + 1] === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? n : nl + 1;
    } else if (ch === '/' && sql[i + 1] === '*') {
      const close = sql.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
    } else if (ch === ';') {
      pieces.push(sql.slice(start, i));
      start = ++i;
    } else {
      i++;
    }
  }
  pieces.push(sql.slice(start));
  return pieces.filter((p) => !isBlank(p));
}

/** Index just past the closing quote (or the end when unterminated; the tokenizer reports that). */
function skipQuoted(sql: string, i: number): number {
  const q = sql[i];
  let k = i + 1;
  while (k < sql.length) {
    if (sql[k] === '\\' && q !== '`') k += 2;
    else if (sql[k] === q) {
      if (sql[k + 1] === q) k += 2;
      else return k + 1;
    } else k++;
  }
  return sql.length;
}

/** Whitespace and comments only. */
function isBlank(piece: string): boolean {
  return piece.replace(/--[^\n]*(\n|$)|\/\*[\s\S]*?(\*\/|$)|\s+/g, '') === '';
}
export { insertTupleOffsets, insertValueOffsets } from './insert-values';
