import { TdCode } from '../../errors';
import { ValueRows, type InsertValue } from '../ast';
import * as lexing from '../tokenizer/tokenizer';
import * as chars from '../tokenizer/chars';
import { insertSyntaxError } from '../syntax-error';
import { Cursor } from './cursor';
import { MAX_EXACT_DIGITS, POW10, scanPackedRows } from './insert-row-fast';
import { parseValueExpression } from './expression';

// Local bindings: hot loops call these per character, and module re-exports go through getters under tsx.
const { isDigit, isIdChar, isSpace } = chars;
const { findClosingQuote, unescapeString } = lexing;

/**
 * The insert fast path: VALUES rows and USING-TAGS tuples are scanned straight from the SQL text into
 * primitives, without tokens or expression nodes. Anything that is not a plain literal followed by `,` or `)`
 * (`now`, `now + 1h`, `1626006833640 + 10a` ...) is handed to the expression parser at that offset, and
 * structural errors are reported through the cursor so messages match the token parser's.
 */

/**
 * A value that is not a plain literal (`now - 1d`, `'…' + 1h`), read by the expression parser: where that parser
 * fails (`now - ,`) the insert parser has already failed with its own 534 at the value.
 */
function insertValueExpression(c: Cursor, at: number): InsertValue {
  try {
    return parseValueExpression(c);
  } catch (error) {
    const code = (error as { code?: number }).code;
    if (code === TdCode.SYNTAX_ERROR || code === TdCode.INCOMPLETE_SQL) throw insertSyntaxError(c.sql, at, 'invalid data or symbol');
    throw error;
  }
}

/** Returned by scanLiteral when the value is not a plain literal. */
const NOT_LITERAL = Symbol('not-literal');

/** Skips whitespace and comments. */
function skipBlank(sql: string, i: number): number {
  const n = sql.length;
  for (;;) {
    while (i < n && isSpace(sql.charCodeAt(i))) i++;
    const c = sql.charCodeAt(i);
    if (c === 45 && sql.charCodeAt(i + 1) === 45) {
      const nl = sql.indexOf('\n', i + 2);
      i = nl < 0 ? n : nl + 1;
    } else if (c === 47 && sql.charCodeAt(i + 1) === 42) {
      const close = sql.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
    } else return i;
  }
}

/** Integer text (optionally signed) → number when exact, bigint beyond ±2^53. */
export function integerValue(text: string): number | bigint {
  const digits = text.charCodeAt(0) === 45 || text.charCodeAt(0) === 43 ? text.length - 1 : text.length;
  if (digits <= MAX_EXACT_DIGITS) return Number(text);
  const big = BigInt(text);
  return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}

/**
 * Where the scan of one VALUES clause stands: the scanners' second results, kept in an object made once per
 * statement (not per value) and passed along, so nothing of a scan lives at module level.
 */
interface ValuesScan {
  /** the offset just past the literal scanned last */
  end: number;
  /** number of values of the tuple scanned last */
  width: number;
}

const newScan = (): ValuesScan => ({ end: 0, width: 0 });

/**
 * A numeric literal at `i` (first char `c`); sets `scan.end` past it. The value is accumulated while scanning:
 * with at most 15 digits and no exponent the mantissa is exact and one division rounds correctly, which is the
 * common case of an INSERT (timestamps, measurements) and saves a substring plus `Number()` per value. Anything
 * longer or with an exponent is converted from its text.
 */
function scanNumber(scan: ValuesScan, sql: string, i: number, c: number): InsertValue | typeof NOT_LITERAL {
  let k = c === 45 || c === 43 ? i + 1 : i;
  const digitsStart = k;
  let mantissa = 0;
  for (let d = sql.charCodeAt(k) - 48; d >= 0 && d <= 9; d = sql.charCodeAt(++k) - 48) mantissa = mantissa * 10 + d;
  let digits = k - digitsStart;
  let fraction = 0;
  let float = false;
  if (sql.charCodeAt(k) === 46) {
    float = true;
    const fractionStart = ++k;
    for (let d = sql.charCodeAt(k) - 48; d >= 0 && d <= 9; d = sql.charCodeAt(++k) - 48) mantissa = mantissa * 10 + d;
    fraction = k - fractionStart;
    digits += fraction;
  }
  if (digits === 0) return NOT_LITERAL;
  let exponent = false;
  const e = sql.charCodeAt(k);
  if (e === 101 || e === 69) {
    let m = k + 1;
    const s = sql.charCodeAt(m);
    if (s === 43 || s === 45) m++;
    if (!isDigit(sql.charCodeAt(m))) return NOT_LITERAL;
    while (isDigit(sql.charCodeAt(m))) m++;
    k = m;
    float = exponent = true;
  }
  // `10s`, `0x1f`, `1.2.3`: leave to the token parser
  const next = sql.charCodeAt(k);
  if (isIdChar(next) || next === 46) return NOT_LITERAL;
  scan.end = k;
  if (digits <= MAX_EXACT_DIGITS && !exponent) {
    const value = fraction > 0 ? mantissa / POW10[fraction] : mantissa;
    return c === 45 ? -value : value;
  }
  const text = sql.slice(i, k);
  if (!float) return integerValue(text);
  // a literal a double does not hold exactly keeps its text, for a DECIMAL column (`1234567890.0123456789`, `5e-7`)
  return { type: 'float', value: Number(text), text, span: { start: i, end: k } };
}

/** A plain literal at `i`; sets `scan.end` past it. */
function scanLiteral(scan: ValuesScan, sql: string, i: number): InsertValue | typeof NOT_LITERAL {
  const c = sql.charCodeAt(i);
  if (c === 39 || c === 34) {
    const k = findClosingQuote(sql, i);
    if (k < 0) return NOT_LITERAL;
    scan.end = k + 1;
    return unescapeString(sql.slice(i + 1, k), sql[i]);
  }
  if (isDigit(c) || c === 45 || c === 43 || c === 46) return scanNumber(scan, sql, i, c);
  if (isIdChar(c)) {
    let k = i + 1;
    while (isIdChar(sql.charCodeAt(k))) k++;
    const len = k - i;
    if (len !== 4 && len !== 5) return NOT_LITERAL;
    const word = sql.slice(i, k).toUpperCase();
    scan.end = k;
    if (word === 'NULL') return null;
    if (word === 'TRUE') return true;
    if (word === 'FALSE') return false;
  }
  return NOT_LITERAL;
}

/** Where a scanned tuple's values go: `put(k, v)` for its k-th value, in order. */
interface TupleSink {
  put(k: number, v: InsertValue): void;
}

/** A sink that keeps one tuple as an array. */
class TupleList implements TupleSink {
  readonly values: InsertValue[] = [];

  put(k: number, v: InsertValue): void {
    this.values[k] = v;
  }
}

/**
 * Scans `( v, v, ... )` starting at offset `start` (blank allowed before the parenthesis) into `sink`; returns the
 * offset just past `)` and sets `scan.width`. Structural errors are TDengine's insert-parser errors (code 534). When
 * `offsets` is given, the start offset of every value is pushed to it.
 */

function scanTuple(scan: ValuesScan, c: Cursor, start: number, sink: TupleSink, offsets?: number[], emptyAllowed = false): number {
  const sql = c.sql;
  let i = skipBlank(sql, start);
  if (sql.charCodeAt(i) !== 40 /* ( */) throw insertSyntaxError(sql, i, '( is expected');
  i++;
  for (let k = 0; ; k++) {
    i = skipBlank(sql, i);
    const first = sql.charCodeAt(i);
    if (k === 0 && first === 41 && emptyAllowed) {
      scan.width = 0;
      return i + 1;
    }
    // `(,` `,,` `,)` `()`: a value is missing
    if (first === 44 || first === 41) throw insertSyntaxError(sql, i, 'invalid data or symbol');
    if (i >= sql.length || first === 59) throw insertSyntaxError(sql, i, ') expected');
    if (first === 63 /* ? */) throw insertSyntaxError(sql, i, '? only used in stmt');
    offsets?.push(i);
    const literal = scanLiteral(scan, sql, i);
    let next = literal === NOT_LITERAL ? -1 : skipBlank(sql, scan.end);
    const ch = next < 0 ? -1 : sql.charCodeAt(next);
    if (ch === 44 /* , */ || ch === 41 /* ) */) {
      sink.put(k, literal as InsertValue);
    } else {
      c.seek(i);
      sink.put(k, insertValueExpression(c, i));
      next = c.peek().start;
    }
    const sep = sql.charCodeAt(next);
    if (sep === 44) i = next + 1;
    else if (sep === 41) {
      scan.width = k + 1;
      return next + 1;
    } else throw insertSyntaxError(sql, next, next >= sql.length || sep === 59 ? ') expected' : ', expected');
  }
}

/** One tuple (USING ... TAGS (...)); the cursor continues after it. */
export function parseValueTuple(c: Cursor): { row: InsertValue[]; offset: number } {
  const offset = skipBlank(c.sql, c.prev().end);
  const list = new TupleList();
  c.seek(scanTuple(newScan(), c, offset, list));
  return { row: list.values, offset };
}

/** The rows after VALUES: `(..) (..)` or `(..), (..)`; the cursor continues after the last row. */
export function parseValueRows(c: Cursor): { rows: ValueRows; rowOffsets: number[] } {
  const sql = c.sql;
  const rows = new ValueRows();
  const rowOffsets: number[] = [];
  const scan = newScan();
  let j = skipBlank(sql, c.prev().end);
  // TDengine's insert parser reports a VALUES clause without rows this way
  if (sql.charCodeAt(j) !== 40) throw insertSyntaxError(sql, null, 'no any data points');
  for (;;) {
    // runs of plain-number rows take the packed scanner; a row it does not take, the general one
    let end = rows.columns ? scanPackedRows(sql, j, rows, rowOffsets) : j;
    if (end === j) {
      // `()` is a row of no values: TDengine's parseOneRow finds `)` where the first value belongs once it knows the
      // table's columns (9791, exec/insert.ts)
      end = scanTuple(scan, c, j, rows, undefined, true);
      rows.endRow(scan.width);
      rowOffsets.push(j);
    }
    j = skipBlank(sql, end);
    if (sql.charCodeAt(j) === 44 /* , */) {
      const k = skipBlank(sql, j + 1);
      if (sql.charCodeAt(k) !== 40) {
        c.seek(end);
        break;
      }
      j = k;
    } else if (sql.charCodeAt(j) !== 40) {
      c.seek(end);
      break;
    }
  }
  return { rows, rowOffsets };
}

/**
 * Offsets of the values of the tuple whose `(` is at `tupleOffset`, and of its `)` (error path of value conversion and
 * of rows or tags of the wrong width).
 */
export function insertTupleOffsets(sql: string, tupleOffset: number): { values: number[]; close: number } {
  const values: number[] = [];
  const end = scanTuple(newScan(), new Cursor(sql), tupleOffset, new TupleList(), values, true);
  return { values, close: end - 1 };
}

/** Offsets of the values of the tuple whose `(` is at `tupleOffset` (error path of value conversion). */
export function insertValueOffsets(sql: string, tupleOffset: number): number[] {
  return insertTupleOffsets(sql, tupleOffset).values;
}
