import type { InsertColumn, ValueRows } from '../ast';
import * as chars from '../tokenizer/chars';

// Local binding: module re-exports go through getters under tsx.
const { isIdChar } = chars;

/** 10^0 .. 10^22: every one is an exact double, so `mantissa / POW10[f]` is correctly rounded (Clinger's fast path). */
export const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** Most digits whose decimal mantissa is always exact in a double. */
export const MAX_EXACT_DIGITS = 15;

/**
 * The common INSERT row: `(n, n, ...)` with only plain numbers (integers of at most 15 digits, decimals, no
 * exponent), separated by `,` and spaces, as wide as `cols`, every column packed. Scans the row at `start` (its
 * `(`) straight into `cols[k][r]`, with no call or allocation per value, and returns the offset past `)`. Returns
 * -1 for anything else (strings, NULL, expressions, comments, other widths or separators): the caller then reads
 * the row with the general scanner, which overwrites what was written here and reports errors.
 */
export function scanPackedRow(sql: string, start: number, cols: readonly InsertColumn[], r: number): number {
  let i = start + 1;
  const last = cols.length - 1;
  for (let k = 0; k <= last; k++) {
    const col = cols[k];
    if (!(col instanceof Float64Array)) return -1;
    let c = sql.charCodeAt(i);
    while (c === 32) c = sql.charCodeAt(++i);
    const negative = c === 45;
    if (negative || c === 43) c = sql.charCodeAt(++i);
    const digitsStart = i;
    let mantissa = 0;
    while (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      c = sql.charCodeAt(++i);
    }
    let digits = i - digitsStart;
    let fraction = 0;
    const point = c === 46;
    if (point) {
      const fractionStart = ++i;
      c = sql.charCodeAt(i);
      while (c >= 48 && c <= 57) {
        mantissa = mantissa * 10 + (c - 48);
        c = sql.charCodeAt(++i);
      }
      fraction = i - fractionStart;
      digits += fraction;
    }
    // no digits, an exponent, `10s`, `0x1f`, `1.2.3`; long integers may need a bigint, long decimals keep their
    // text for DECIMAL columns (insert-values.ts scanNumber)
    if (digits === 0 || isIdChar(c) || c === 46 || digits > MAX_EXACT_DIGITS) return -1;
    while (c === 32) c = sql.charCodeAt(++i);
    if (c !== (k === last ? 41 : 44)) return -1;
    i++;
    const value = fraction > 0 ? mantissa / POW10[fraction] : mantissa;
    col[r] = negative ? -value : value;
  }
  return i;
}

/**
 * Reads rows with scanPackedRow from `start` (a `(`) into `rows` for as long as they are packed rows separated by
 * spaces and at most one `,`; pushes each row's offset. Returns the offset past the last row read, or `start` when
 * none was: the caller goes on from there with its general separator and row handling.
 */
export function scanPackedRows(sql: string, start: number, rows: ValueRows, offsets: number[]): number {
  let end = start;
  let i = start;
  while (sql.charCodeAt(i) === 40) {
    // re-read: adding a row may grow the columns
    const cols = rows.columns!;
    const rowEnd = scanPackedRow(sql, i, cols, rows.rowCount);
    if (rowEnd < 0) break;
    rows.endRow(cols.length);
    offsets.push(i);
    end = i = rowEnd;
    let c = sql.charCodeAt(i);
    while (c === 32) c = sql.charCodeAt(++i);
    if (c === 44) {
      c = sql.charCodeAt(++i);
      while (c === 32) c = sql.charCodeAt(++i);
    }
  }
  return end;
}
