import { blobValue, decimalValue, type DuckDBValue } from '@duckdb/node-api';
import type { Precision } from '../catalog/db-options';
import type { ColumnDef } from '../catalog/model';
import { TdCode, TdError } from '../errors';
import { durationInPrecision, nowIn, parseTimestamp } from '../format/time-parse';
import type { Expression, InsertValue } from '../sql';
import { DATA_TYPES, FLOAT_MAX } from '../types';
import { wktToWkb } from '../types/geometry/wkt';

/** Per-statement facts needed to turn SQL values into stored values. */
export interface ValueScope {
  precision: Precision;
  nowMs: number;
  tz?: string;
}

type Scalar = null | boolean | number | bigint | string;

/**
 * A value that does not fit its column: TDengine's insert parser reports these as 534 with the SQL from the value on
 * (`syntax error near '128)' (tinyint data overflow)`). `info` is the parenthesized part; the caller that knows where
 * the value sits rebuilds the message with `insertSyntaxError` (see exec/value-position.ts).
 */
export class ValueError extends TdError {
  constructor(readonly info: string) {
    super(TdCode.SYNTAX_ERROR_OLD, `syntax error near '${info}'`);
  }
}

/** `TINYINT UNSIGNED` → `unsigned tinyint`, as TDengine's messages name types. */
function typeWords(name: string): string {
  const low = name.toLowerCase();
  return low.endsWith(' unsigned') ? `unsigned ${low.slice(0, -9)}` : low;
}

const overflow = (_text: string, what: string): ValueError => new ValueError(`${typeWords(what)} data overflow`);
const badValue = (_text: string, what: string): ValueError => new ValueError(`invalid ${typeWords(what)} data`);
const timestampError = (_text: string): ValueError => new ValueError('invalid timestamp');

/**
 * What the insert parser answers for anything but a value it reads (a function call, `-'1'`, `2 * 3`, a column):
 * its own syntax error, 534 "invalid data or symbol", never the SQL parser's 9728.
 */
const notAValue = (): ValueError => new ValueError('invalid data or symbol');

/** A constant expression of an INSERT value: literals, NOW/TODAY, ± durations, unary minus. */
function evalExpr(e: Expression, scope: ValueScope): Scalar | { ts: bigint } {
  switch (e.type) {
    case 'integer':
      return BigInt(e.value);
    case 'float':
      return e.value;
    case 'string':
      return e.value;
    case 'bool':
      return e.value;
    case 'null':
      return null;
    case 'timeKeyword': {
      const now = nowIn(scope.precision, scope.nowMs);
      if (e.keyword === 'now') return { ts: now };
      const day = nowIn(scope.precision, Math.floor(scope.nowMs / 86400000) * 86400000);
      return { ts: day };
    }
    case 'timestamp': {
      const ts = parseTimestamp(e.value, scope.precision, scope.tz);
      if (ts === undefined) throw timestampError(e.value);
      return { ts };
    }
    case 'duration': {
      const d = durationInPrecision(e.duration.value, e.duration.unit ?? '', scope.precision);
      if (d === undefined) throw badValue(e.text, 'duration');
      return d;
    }
    case 'unary': {
      const v = evalExpr(e.operand, scope);
      if (e.op === '+') return v;
      if (e.op === '-') {
        if (typeof v === 'bigint') return -v;
        if (typeof v === 'number') return -v;
      }
      throw notAValue();
    }
    case 'binary': {
      if (e.op !== '+' && e.op !== '-') throw notAValue();
      const l = evalExpr(e.left, scope);
      const r = evalExpr(e.right, scope);
      // a time string ± duration is a time too, as the insert parser's parseTime reads it ('2024-01-01 00:00:00' + 6s)
      const base = typeof l === 'string' ? textTime(l, scope) : typeof l === 'object' && l !== null ? l.ts : typeof l === 'bigint' ? l : undefined;
      const delta = typeof r === 'object' && r !== null ? r.ts : typeof r === 'bigint' ? r : undefined;
      if (base === undefined || delta === undefined) throw notAValue();
      return { ts: e.op === '+' ? base + delta : base - delta };
    }
    case 'column':
      // a bare word where a value belongs (`values (ts, abc)`): the insert parser's "invalid data or symbol"
      throw notAValue();
    default:
      throw notAValue();
  }
}

function textTime(text: string, scope: ValueScope): bigint {
  const ts = parseTimestamp(text, scope.precision, scope.tz);
  if (ts === undefined) throw timestampError(text);
  return ts;
}

function scalarOf(v: InsertValue, scope: ValueScope): Scalar | { ts: bigint } {
  if (v === null || typeof v !== 'object') return v;
  return evalExpr(v, scope);
}

/** A TIMESTAMP value in the database precision: epoch integers, time strings, NOW ± duration. */
export function toTimestamp(v: InsertValue, scope: ValueScope): bigint | null {
  // a bare duration (`1d`) is no time: the insert parser's parseTime refuses it
  if (v !== null && typeof v === 'object' && v.type === 'duration') throw timestampError(v.text);
  const s = scalarOf(v, scope);
  if (s === null) return null;
  if (typeof s === 'object') return s.ts;
  if (typeof s === 'bigint') return s;
  if (typeof s === 'number') {
    if (!Number.isInteger(s)) throw timestampError(String(s));
    return BigInt(s);
  }
  if (typeof s === 'string') {
    const parsed = parseTimestamp(s, scope.precision, scope.tz);
    if (parsed !== undefined) return parsed;
    if (/^-?\d+$/.test(s.trim())) return BigInt(s.trim());
    throw timestampError(s);
  }
  throw timestampError(String(s));
}

/** C's round(): halves away from zero (TDengine's insert parser rounds `1.6` → 2, `-3.7` → -4, `4.5` → 5). */
const roundHalfAway = (v: number): number => Math.sign(v) * Math.round(Math.abs(v));

/**
 * The text of a number as strtoll/strtod read it in the insert parser: white space before the number is skipped,
 * anything after it (white space too: `'42 '`) leaves the end pointer short of the text's end, "invalid … data".
 */
function numericText(text: string, what: string): string {
  if (/\s$/.test(text)) throw badValue(text, what);
  return text.trimStart();
}

/**
 * TDengine's insert parser reads an integer column's value as a number only (toIntegerPure): digits, hex, a
 * fraction or exponent rounded to the nearest integer. TRUE/FALSE, bare or quoted, are "invalid tinyint data".
 */
function toInteger(s: Scalar, col: ColumnDef): bigint {
  const text = String(s);
  let n: bigint;
  if (typeof s === 'bigint') n = s;
  else if (typeof s === 'boolean') throw badValue(text, col.type.name);
  else if (typeof s === 'number') {
    if (!Number.isFinite(s)) throw overflow(text, col.type.name.toLowerCase());
    n = BigInt(roundHalfAway(s));
  } else {
    const t = numericText(String(s), col.type.name.toLowerCase());
    if (/^[+-]?\d+$/.test(t)) n = BigInt(t);
    else if (/^0x[0-9a-f]+$/i.test(t)) n = BigInt(t);
    else if (t !== '' && Number.isFinite(Number(t))) n = BigInt(roundHalfAway(Number(t)));
    else throw badValue(text, col.type.name.toLowerCase());
  }
  const range = DATA_TYPES[col.type.name].range!;
  if (n < range.min || n > range.max) throw overflow(text, col.type.name.toLowerCase());
  return n;
}

function toText(s: Scalar, col: ColumnDef): string {
  const text = typeof s === 'boolean' ? (s ? 'true' : 'false') : String(s);
  const len = col.type.name === 'NCHAR' ? [...text].length : Buffer.byteLength(text);
  if (len > (col.type.length ?? 0)) {
    throw new TdError(TdCode.PAR_VALUE_TOO_LONG, `Value too long for column/tag: ${col.name}`);
  }
  return text;
}

function toBytes(s: Scalar, col: ColumnDef): Uint8Array {
  if (col.type.name === 'VARBINARY' && typeof s !== 'string') {
    throw new TdError(TdCode.PAR_INVALID_VARBINARY, `Invalid varbinary value: ${col.name}`);
  }
  const text = String(s);
  const bytes = /^\\x([0-9a-f]{2})*$/i.test(text) ? Buffer.from(text.slice(2), 'hex') : Buffer.from(text);
  if (col.type.name !== 'BLOB' && bytes.length > (col.type.length ?? 0)) {
    throw new TdError(TdCode.PAR_VALUE_TOO_LONG, `Value too long for column/tag: ${col.name}`);
  }
  return bytes;
}

/**
 * A DECIMAL value from its text as TDengine's decimal parser reads it: the numeric prefix (sign, digits, fraction,
 * exponent; none reads as 0), rounded half up at the column's scale. More integer digits than the precision leaves
 * is 317 "Decimal value overflow" (not an insert-parser 534).
 */
function toDecimal(text: string, col: ColumnDef): DuckDBValue {
  const p = col.type.precision ?? 10;
  const scale = col.type.scale ?? 0;
  const m = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?/.exec(text);
  const whole = m?.[2] ?? '';
  const fraction = m?.[3] ?? '';
  if (!m || whole + fraction === '') return decimalValue(0n, p, scale);
  // digits × 10^(exponent − fraction length), moved to `scale` places
  const shift = Number(m[4] ?? 0) - fraction.length + scale;
  const digits = BigInt(whole + fraction);
  let unscaled: bigint;
  if (shift >= 0) unscaled = digits * 10n ** BigInt(shift);
  else {
    const divisor = 10n ** BigInt(-shift);
    unscaled = digits / divisor;
    if ((digits % divisor) * 2n >= divisor) unscaled += 1n;
  }
  if (unscaled >= 10n ** BigInt(p)) throw new TdError(TdCode.DECIMAL_OVERFLOW, 'Decimal value overflow');
  return decimalValue(m[1] === '-' ? -unscaled : unscaled, p, scale);
}

/** The text of a DECIMAL column's value: the literal as written (a long or exponent literal keeps its digits). */
function decimalText(v: InsertValue, s: Scalar): string {
  if (v !== null && typeof v === 'object' && (v.type === 'float' || v.type === 'integer')) return v.text;
  if (typeof s === 'boolean') return s ? '1' : '0';
  // a short number's shortest form is its literal; one like 5e-7 is read with its exponent
  return String(s);
}

/** TSDB_MAX_JSON_TAG_LEN less its header, in 4-byte characters: the longest JSON tag text, in bytes */
const MAX_JSON_TAG_TEXT = 4095;
const MAX_JSON_KEY = 256;

/**
 * A JSON tag value as TDengine's tag parser (parseJsontoTagData) takes it: an object whose values are strings,
 * numbers, booleans or null; empty or blank text and `null` (any case) are a NULL tag. Its refusals are the insert
 * parser's 534: text of more than 4095 bytes, text that is no JSON, a root that is no object, a key that is not
 * printable ASCII or longer than 256 bytes, a nested object or array as a value. An empty key is left out.
 */
export function toJsonTag(text: string): string | null {
  if (Buffer.byteLength(text) > MAX_JSON_TAG_TEXT) throw new ValueError('json string too long than 4095');
  if (text.trim() === '' || text.toLowerCase() === 'null') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ValueError('json parse error');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ValueError('json error invalide value');
  const entries = Object.entries(parsed).filter(([key, v]) => {
    if (!/^[\x20-\x7e]*$/.test(key)) throw new ValueError('json key not validate');
    if (key.length > MAX_JSON_KEY) throw new ValueError('json key too long, more than 256');
    if (v !== null && typeof v === 'object') throw new ValueError('invalidate json value');
    return key !== '';
  });
  // TDengine keeps a JSON tag as key-value pairs sorted by key, and `{}` as a NULL tag (`info is null` holds)
  if (entries.length === 0) return null;
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(Object.fromEntries(entries));
}

/**
 * Converts one INSERT/TAGS value to the value DuckDB stores for `col` (bigint for 64-bit integers and timestamps,
 * number for smaller ones and floats, string, blob, decimal). Errors are TDengine errors naming the value.
 */
export function coerceValue(v: InsertValue, col: ColumnDef, scope: ValueScope): DuckDBValue {
  const t = col.type.name;
  if (t === 'TIMESTAMP') return toTimestamp(v, scope);
  const s = scalarOf(v, scope);
  if (s === null) return null;
  if (typeof s === 'object') {
    // a NOW-style value in a non-timestamp column: TDengine stores the epoch number
    if (t === 'BIGINT') return s.ts;
    throw badValue('now', t.toLowerCase());
  }
  switch (t) {
    case 'BOOL': {
      if (typeof s === 'boolean') return s;
      if (typeof s === 'number' || typeof s === 'bigint') return Number(s) !== 0;
      const low = s.toLowerCase();
      if (low === 'true') return true;
      if (low === 'false') return false;
      const num = numericText(low, 'bool');
      if (num !== '' && Number.isFinite(Number(num))) return Number(num) !== 0;
      throw badValue(s, 'bool');
    }
    case 'TINYINT':
    case 'SMALLINT':
    case 'INT':
    case 'TINYINT UNSIGNED':
    case 'SMALLINT UNSIGNED':
    case 'INT UNSIGNED':
      return Number(toInteger(s, col));
    case 'BIGINT':
    case 'BIGINT UNSIGNED':
      return toInteger(s, col);
    case 'FLOAT':
    case 'DOUBLE': {
      // TDengine reads the value with strtod (toDoubleEx): TRUE/FALSE are no numbers, and a value past DOUBLE's range
      // (`1e309`, which strtod reports as ERANGE) is "illegal float data" like FLOAT's own overflow
      if (typeof s === 'boolean') throw new ValueError('illegal float data');
      const n = Number(typeof s === 'string' ? numericText(s, t.toLowerCase()) : s);
      if (typeof s === 'string' && s.trim() === '') throw badValue(s, t.toLowerCase());
      if (Number.isNaN(n)) throw badValue(String(s), t.toLowerCase());
      if (t === 'FLOAT' && Math.abs(n) > FLOAT_MAX) throw overflow(String(s), 'float');
      if (!Number.isFinite(n)) throw new ValueError('illegal float data');
      return n;
    }
    case 'VARCHAR':
    case 'NCHAR':
      return toText(s, col);
    case 'JSON':
      return toJsonTag(String(s));
    case 'VARBINARY':
    case 'BLOB':
      return blobValue(toBytes(s, col));
    case 'GEOMETRY': {
      const wkb = wktToWkb(String(s));
      if (!wkb) throw badValue(String(s), 'geometry');
      if (wkb.length > (col.type.length ?? 0)) throw new TdError(TdCode.PAR_VALUE_TOO_LONG, `Value too long for column/tag: ${col.name}`);
      return blobValue(wkb);
    }
    case 'DECIMAL':
      return toDecimal(decimalText(v, s), col);
  }
  throw badValue(String(s), t);
}

/**
 * For columns that store a JS number unchanged (DOUBLE, FLOAT, the integer types narrower than BIGINT): the check
 * that a number fits as it is. Undefined for every other type. Shared by the per-value converter below and the
 * packed-column path of insert-columns.ts, so both accept exactly the same numbers.
 */
export function numberStoredAsIs(col: ColumnDef): ((v: number) => boolean) | undefined {
  const t = col.type.name;
  switch (t) {
    case 'DOUBLE':
      return Number.isFinite;
    case 'FLOAT':
      return (v) => Math.abs(v) <= FLOAT_MAX;
    case 'TINYINT':
    case 'SMALLINT':
    case 'INT':
    case 'TINYINT UNSIGNED':
    case 'SMALLINT UNSIGNED':
    case 'INT UNSIGNED': {
      const range = DATA_TYPES[t].range!;
      const min = Number(range.min);
      const max = Number(range.max);
      return (v) => v >= min && v <= max && Number.isInteger(v);
    }
    default:
      return undefined;
  }
}

/**
 * A converter for one column, with fast paths for the plain literals an INSERT mostly carries (numbers into
 * numeric columns, short strings into text columns); everything else takes `coerceValue`.
 */
export function converterFor(col: ColumnDef, scope: ValueScope): (v: InsertValue) => DuckDBValue {
  const slow = (v: InsertValue) => coerceValue(v, col, scope);
  const fits = numberStoredAsIs(col);
  if (fits) return (v) => (typeof v === 'number' && fits(v) ? v : slow(v));
  switch (col.type.name) {
    case 'TIMESTAMP':
    case 'BIGINT':
      return (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : slow(v));
    case 'BOOL':
      return (v) => (typeof v === 'boolean' ? v : slow(v));
    case 'VARCHAR': {
      // ≤ length/4 UTF-16 units can never exceed `length` bytes (a code unit is at most 3 bytes in UTF-8)
      const safe = Math.floor((col.type.length ?? 0) / 3);
      return (v) => (typeof v === 'string' && v.length <= safe ? v : slow(v));
    }
    case 'NCHAR': {
      const safe = col.type.length ?? 0;
      return (v) => (typeof v === 'string' && v.length <= safe ? v : slow(v));
    }
    default:
      return slow;
  }
}
