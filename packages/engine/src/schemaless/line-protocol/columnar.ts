import type { DuckDBValue } from '@duckdb/node-api';
import type { StoredColumn } from '../../storage/table-writer';
import { FLOAT_MAX } from '../../types';
import { PRECISION_NS, type FieldValue } from '../types';
import { parseFieldValue } from './field-value';
import { NumberColumn } from './number-column';
import { parseSeries, type Series } from './parse';

/**
 * The column-major fast path of the line protocol (docs/engine-schemaless.md, "Fast path"). A request whose lines
 * are all plain — no backslash and no double quote anywhere, `series fields timestamp` with single spaces, and every
 * line of a series key carrying the same field keys in the same order with the same types — is parsed straight into
 * per-series column arrays, without a Point per line. Anything else (and any line the parser would refuse) makes it
 * give up (`undefined`): the request then takes the row-by-row path (parse.ts, apply.ts), which reports errors as
 * before. So it only ever accepts what parseLines accepts, and must store what that path stores.
 */

/** The lines of one series key: its columns (one per field, in the order written) and timestamps. */
export interface SeriesBlock {
  series: Series;
  /** field keys as written, and their types (the first line's; later lines must match) */
  keys: string[];
  types: FieldValue['type'][];
  /** field values, column-major: values[k][row]; DOUBLE and BIGINT columns packed while parsing (see packed) */
  values: StoredColumn[];
  /** timestamps in the request's unit: packed while they are safe integers, else numbers and bigints */
  ts: Float64Array | (number | bigint)[];
  /** the block's first line (number and text), named by schema errors */
  line: number;
  text: string;
}

export interface LineBatch {
  kind: 'lines';
  /** the request, as text or bytes (for the row-by-row path, should the batch not fit the tables after all) */
  body: string | Uint8Array;
  precision: string;
  /** nanoseconds per unit of the request's timestamps */
  unitNs: bigint;
  /** blocks in order of their series key's first line */
  blocks: SeriesBlock[];
  rows: number;
}

const SPACE = 32;
const EQUALS = 61;
const HASH = 35;
const DOT = 46;
const MINUS = 45;
const PLUS = 43;
const LOWER_I = 105;
const LOWER_F = 102;
const LOWER_E = 101;
const UPPER_E = 69;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/** Whether text[s, e) is `[-+]?\d+` (digits only after the sign). */
function isInteger(text: string, s: number, e: number): boolean {
  let i = s;
  const c = text.charCodeAt(i);
  if (c === MINUS || c === PLUS) i++;
  if (i >= e) return false;
  for (; i < e; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}

/** Whether text[s, e) is a float literal of field-value.ts's NUMBER without suffix: `[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?`. */
function isFloat(text: string, s: number, e: number): boolean {
  let i = s;
  let c = text.charCodeAt(i);
  if (c === MINUS || c === PLUS) i++;
  const intStart = i;
  while (i < e && isDigit(text.charCodeAt(i))) i++;
  let digits = i - intStart;
  if (i < e && text.charCodeAt(i) === DOT) {
    const fracStart = ++i;
    while (i < e && isDigit(text.charCodeAt(i))) i++;
    digits += i - fracStart;
  }
  if (digits === 0) return false;
  if (i < e) {
    c = text.charCodeAt(i);
    if (c !== LOWER_E && c !== UPPER_E) return false;
    i++;
    c = text.charCodeAt(i);
    if (c === MINUS || c === PLUS) i++;
    if (i >= e) return false;
    for (; i < e; i++) if (!isDigit(text.charCodeAt(i))) return false;
  }
  return true;
}

/** Exact powers of ten as doubles (10^0 … 10^15). */
const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * A plain decimal text[s, e) (`[-+]?digits[.digits]`, at most 15 digits, no exponent) read in place: the digits as an
 * integer below 2^53 divided by an exact power of ten is the correctly rounded value, i.e. exactly what Number() gives
 * (Clinger's fast path). undefined for anything else (the caller then uses Number on the text).
 */
function simpleDouble(text: string, s: number, e: number): number | undefined {
  let i = s;
  const sign = text.charCodeAt(i);
  if (sign === MINUS || sign === PLUS) i++;
  let m = 0;
  let digits = 0;
  let frac = -1;
  for (; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      digits++;
    } else if (c === DOT && frac < 0) frac = digits;
    else return undefined;
  }
  if (digits === 0 || digits > 15) return undefined;
  const v = frac < 0 || frac === digits ? m : m / POW10[digits - frac];
  return sign === MINUS ? -v : v;
}

/**
 * A series block while its lines are read: DOUBLE, FLOAT and INT columns, BIGINT columns of safe integers and
 * timestamps of at most 15 digits are packed (NumberColumn); anything else is a plain array. A column turns plain when a value does not
 * pack (a BIGINT beyond 2^53, a 19-digit timestamp).
 */
interface OpenBlock extends Omit<SeriesBlock, 'values' | 'ts'> {
  values: (NumberColumn | DuckDBValue[])[];
  ts: NumberColumn | (number | bigint)[];
}

/** The values of a packed column as a plain array (BIGINT values as bigints, as the row path stores them). */
function unpacked(col: NumberColumn, type: FieldValue['type']): DuckDBValue[] {
  return Array.from(col.values(), (v) => (type === 'BIGINT' ? BigInt(v) : v));
}

/** Types kept packed: their values are numbers (BIGINT: while safe integers), and chunk-fill copies them. */
const packs = (type: FieldValue['type']): boolean => type === 'DOUBLE' || type === 'BIGINT' || type === 'FLOAT' || type === 'INT';

/** Appends v to column k of the block, unpacking the column first when v does not pack. */
function pushValue(block: OpenBlock, k: number, v: DuckDBValue): void {
  let col = block.values[k];
  if (col instanceof NumberColumn) {
    if (typeof v === 'number') return col.push(v);
    const big = v as bigint;
    if (big >= -MAX_SAFE && big <= MAX_SAFE) return col.push(Number(big));
    block.values[k] = col = unpacked(col, block.types[k]);
  }
  // readValue gives short BIGINTs as numbers: a plain BIGINT column stores bigints
  col.push(typeof v === 'number' && block.types[k] === 'BIGINT' ? BigInt(v) : v);
}

function popValue(block: OpenBlock, k: number): void {
  block.values[k].pop();
}

function pushTimestamp(block: OpenBlock, ts: number | bigint): void {
  if (block.ts instanceof NumberColumn) {
    if (typeof ts === 'number') return block.ts.push(ts);
    block.ts = Array.from(block.ts.values());
  }
  block.ts.push(ts);
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** text[s, e), checked to be `[-+]?digits` of at most 15 digits, as a number summed in place (no substring). */
function signedDigits(text: string, s: number, e: number): number {
  const c = text.charCodeAt(s);
  let n = 0;
  for (let i = c === MINUS || c === PLUS ? s + 1 : s; i < e; i++) n = n * 10 + (text.charCodeAt(i) - 48);
  return c === MINUS ? -n : n;
}

/** Whether text[.., e) ends with `<letter>32` (the f32 and i32 suffixes). */
const endsWith32 = (text: string, e: number, letter: number): boolean =>
  text.charCodeAt(e - 1) === 50 && text.charCodeAt(e - 2) === 51 && text.charCodeAt(e - 3) === letter;

/** Sentinel: the value is not one the fast path reads. */
const NO = Symbol('no');

/**
 * The value of text[s, e) when its type is `type` (the column's, from the series' first line), or NO. DOUBLE (no
 * suffix), BIGINT (`i`), FLOAT (`f32`) and INT (`i32`) are read here in place when plain; anything else goes through
 * parseFieldValue. No object per value.
 */
function readValue(text: string, s: number, e: number, type: FieldValue['type']): DuckDBValue | typeof NO {
  const last = text.charCodeAt(e - 1);
  if (type === 'BIGINT') {
    // 18 digits (and a sign) always fit a BIGINT; longer ones go the generic way (its range check)
    if (last === LOWER_I && e - s >= 2 && e - 1 - s <= 18 && isInteger(text, s, e - 1)) {
      if (e - 1 - s > 15) return BigInt(text.slice(s, e - 1));
      // at most 15 digits: exact in a double, summed in place (no substring); a number: the column packs it
      return signedDigits(text, s, e - 1);
    }
  } else if (type === 'DOUBLE' && (isDigit(last) || last === DOT)) {
    const simple = simpleDouble(text, s, e);
    if (simple !== undefined) return simple;
    if (isFloat(text, s, e)) {
      const value = Number(text.slice(s, e));
      return Number.isFinite(value) ? value : NO;
    }
  } else if (type === 'FLOAT' && endsWith32(text, e, LOWER_F)) {
    // `…f32`: a plain decimal read in place, kept as the double it is (stored as FLOAT like parseFieldValue's value)
    const simple = simpleDouble(text, s, e - 3);
    if (simple !== undefined && Math.abs(simple) <= FLOAT_MAX) return simple;
  } else if (type === 'INT' && endsWith32(text, e, LOWER_I) && e - 3 - s <= 11 && isInteger(text, s, e - 3)) {
    // `…i32` of at most 10 digits and a sign: summed in place, then the INT range
    const v = signedDigits(text, s, e - 3);
    if (v >= -2147483648 && v <= 2147483647) return v;
  }
  const parsed = parseFieldValue(text.slice(s, e));
  // the fast path never sees quotes, so no strings or bytes here
  return typeof parsed === 'string' || parsed.type !== type ? NO : (parsed.value as DuckDBValue);
}

/** The first line of a series: its field keys and values (checked as parse.ts checks them), or undefined. */
function firstLine(text: string, s: number, e: number, series: Series, line: number, lineText: string): OpenBlock | undefined {
  const keys: string[] = [];
  const types: FieldValue['type'][] = [];
  const values: (NumberColumn | DuckDBValue[])[] = [];
  const first: DuckDBValue[] = [];
  const lower: string[] = [];
  let pos = s;
  while (pos < e) {
    const eq = text.indexOf('=', pos);
    let comma = text.indexOf(',', pos);
    if (comma < 0 || comma > e) comma = e;
    if (eq <= pos || eq >= comma - 1) return undefined;
    const key = text.slice(pos, eq);
    const low = key.toLowerCase();
    if (series.keys.has(low) || lower.includes(low)) return undefined;
    const v = parseFieldValue(text.slice(eq + 1, comma));
    if (typeof v === 'string') return undefined;
    keys.push(key);
    lower.push(low);
    types.push(v.type);
    values.push(packs(v.type) ? new NumberColumn() : []);
    first.push(v.value as DuckDBValue);
    pos = comma + 1;
    if (comma < e && pos >= e) return undefined; // trailing comma
  }
  const block: OpenBlock = { series, keys, types, values, ts: new NumberColumn(), line, text: lineText };
  first.forEach((v, k) => pushValue(block, k, v));
  return block;
}

/** Whether `key` is written at text[pos] (cut and compared: faster than startsWith with a position). */
function sameText(text: string, pos: number, key: string): boolean {
  const n = key.length;
  if (pos + n > text.length) return false;
  return text.slice(pos, pos + n) === key;
}

/** A later line of the series: its values appended when its fields are the block's keys in order; false otherwise. */
function nextLine(text: string, s: number, e: number, block: OpenBlock): boolean {
  const { keys, types } = block;
  const n = keys.length;
  let pos = s;
  for (let k = 0; k < n; k++) {
    const key = keys[k];
    if (!sameText(text, pos, key) || text.charCodeAt(pos + key.length) !== EQUALS) return false;
    const from = pos + key.length + 1;
    // the last value runs to the end of the fields (a comma in it, i.e. one more field, makes it no value)
    const comma = k === n - 1 ? e : text.indexOf(',', from);
    if (comma <= from || comma > e) return false;
    const v = readValue(text, from, comma, types[k]);
    if (v === NO) {
      // undo this line's values: the request goes the row-by-row way anyway, but keep the block consistent
      for (let j = 0; j < k; j++) popValue(block, j);
      return false;
    }
    pushValue(block, k, v);
    pos = comma + 1;
  }
  return true;
}

/** A timestamp text[s, e) (digits only): a number when it is a safe integer, else a bigint; undefined when malformed. */
function readTimestamp(text: string, s: number, e: number): number | bigint | undefined {
  if (s >= e) return undefined;
  let n = 0;
  for (let i = s; i < e; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return undefined;
    n = n * 10 + d;
  }
  // at most 15 digits are exact in a double
  return e - s <= 15 ? n : BigInt(text.slice(s, e));
}

/**
 * The request as column-major blocks, or undefined when it is not plain enough for the fast path (see above). An
 * unknown precision is the caller's to refuse first (parseLines' error).
 */
export function parseColumnar(body: string, precision = 'ns'): LineBatch | undefined {
  const unitNs = PRECISION_NS[precision];
  if (unitNs === undefined || body.includes('\\') || body.includes('"')) return undefined;
  const bySeries = new Map<string, OpenBlock>();
  const blocks: OpenBlock[] = [];
  let rows = 0;
  let lineNo = 0;
  let prev: OpenBlock | undefined;
  let prevKey = '';
  for (let start = 0; start <= body.length; ) {
    let nl = body.indexOf('\n', start);
    if (nl < 0) nl = body.length;
    lineNo++;
    const s = start;
    let e = nl;
    start = nl + 1;
    if (e > s && body.charCodeAt(e - 1) === 13) e--;
    // leading or trailing white space (trim's) or an empty line: the plain path handles it only if it is blank
    if (e === s) continue;
    const first = body.charCodeAt(s);
    const lastChar = body.charCodeAt(e - 1);
    if (first <= SPACE || first >= 127 || lastChar <= SPACE || lastChar >= 127) {
      const trimmed = body.slice(s, e).trim();
      if (trimmed === '') continue;
      if (trimmed.length !== e - s) return undefined;
    }
    if (body.charCodeAt(s) === HASH) continue;
    const sp1 = body.indexOf(' ', s);
    if (sp1 < 0 || sp1 >= e) return undefined;
    const sp2 = body.indexOf(' ', sp1 + 1);
    if (sp2 < 0 || sp2 >= e || sp2 === sp1 + 1) return undefined;
    const ts = readTimestamp(body, sp2 + 1, e);
    if (ts === undefined) return undefined;
    // lines of a series mostly come together: compare with the previous line's key in place before cutting it out
    // (a cut of a flat string is a view, and === on flat strings compares memory: faster than startsWith here)
    const key = body.slice(s, sp1);
    let block = key === prevKey ? prev : bySeries.get(key);
    if (!block) {
      // parse.ts's checks of the measurement and tags (it throws on bad ones: not for the fast path)
      const text = body.slice(s, e);
      const measureEnd = key.indexOf(',') < 0 ? key.length : key.indexOf(',');
      if (measureEnd === 0) return undefined;
      let series: Series;
      try {
        series = parseSeries(text, lineNo, measureEnd, key.length);
      } catch {
        return undefined;
      }
      block = firstLine(body, sp1 + 1, sp2, series, lineNo, text);
      if (!block) return undefined;
      bySeries.set(key, block);
      blocks.push(block);
    } else if (!nextLine(body, sp1 + 1, sp2, block)) return undefined;
    if (block !== prev) {
      prev = block;
      prevKey = key;
    }
    pushTimestamp(block, ts);
    rows++;
  }
  return { kind: 'lines', body, precision, unitNs, blocks: blocks.map(closed), rows };
}

/** A block whose lines are all read: packed columns as their values. */
function closed(block: OpenBlock): SeriesBlock {
  const packed = (col: NumberColumn | DuckDBValue[]): StoredColumn => (col instanceof NumberColumn ? col.values() : col);
  return { ...block, values: block.values.map(packed), ts: block.ts instanceof NumberColumn ? block.ts.values() : block.ts };
}

/** Whether a schemaless write is a line batch (rather than points). */
export const isLineBatch = (x: unknown): x is LineBatch => typeof x === 'object' && x !== null && (x as LineBatch).kind === 'lines';
