import type { DuckDBValue } from '@duckdb/node-api';
import type { StoredColumn } from '../../storage/table-writer';
import { FLOAT_MAX } from '../../types';
import { PRECISION_NS, type FieldValue } from '../types';
import { DOT, isDigit, isFloat, isInteger, MINUS, PLUS, POW10 } from './byte-numbers';
import { parseFieldValue } from './field-value';
import { ColumnArena, NumberColumn, packColumns } from './number-column';
import { parseSeries, type Series } from './parse';

/**
 * The column-major fast path of the line protocol (docs/engine-schemaless.md, "Fast path"). A request whose lines
 * are all plain — no backslash and no double quote anywhere, `series fields timestamp` with single spaces, and every
 * line of a series key carrying the same field keys in the same order with the same types — is parsed straight from
 * its bytes into per-series column arrays: no decoded body, no string per line or value, no Point per line (only a
 * series key's first line is decoded). Anything else (and any line the parser would refuse) makes it give up
 * (`undefined`): the request then takes the row-by-row path (parse.ts, apply.ts), which reports errors as before.
 * So it only ever accepts what parseLines accepts, and must store what that path stores.
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
const NEWLINE = 10;
const RETURN = 13;
const COMMA = 44;
const HASH = 35;
const QUOTE = 34;
const BACKSLASH = 92;
const EQUALS = 61;
const LOWER_I = 105;
const LOWER_F = 102;

/**
 * A series block while its lines are read: DOUBLE, FLOAT and INT columns, BIGINT columns of safe integers and
 * timestamps of at most 15 digits are packed (NumberColumn); anything else is a plain array. A column turns plain when
 * a value does not pack (a BIGINT beyond 2^53, a 19-digit timestamp).
 */
interface OpenBlock extends Omit<SeriesBlock, 'values' | 'ts'> {
  values: (NumberColumn | DuckDBValue[])[];
  ts: NumberColumn | (number | bigint)[];
  /** the field keys' UTF-8 bytes, compared in place with later lines' */
  keyBytes: Uint8Array[];
  /** where the series key is written in the body (its first line): later keys are compared with these bytes */
  keyStart: number;
  keyLength: number;
}

/** The values of a packed column as a plain array (BIGINT values as bigints, as the row path stores them). */
function unpacked(col: NumberColumn, type: FieldValue['type']): DuckDBValue[] {
  return Array.from(col.view(), (v) => (type === 'BIGINT' ? BigInt(v) : v));
}

/** Types kept packed: their values are numbers (BIGINT: while safe integers), and chunk-fill copies them. */
const packs = (type: FieldValue['type']): boolean => type === 'DOUBLE' || type === 'BIGINT' || type === 'FLOAT' || type === 'INT';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

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

function pushTimestamp(block: OpenBlock, ts: number | bigint): void {
  if (block.ts instanceof NumberColumn) {
    if (typeof ts === 'number') return block.ts.push(ts);
    block.ts = Array.from(block.ts.view());
  }
  block.ts.push(ts);
}

/** Sentinel: the value is not one the fast path reads. */
const NO = Symbol('no');

/**
 * The value of b[s, e) when its type is `type` (the column's, from the series' first line), or NO, for what
 * plainNumber does not take. BIGINTs of 16–18 digits and DOUBLEs with an exponent or more digits are read here;
 * anything else is decoded and goes through parseFieldValue.
 */
function readValue(b: Uint8Array, text: Buffer, s: number, e: number, type: FieldValue['type']): DuckDBValue | typeof NO {
  const last = b[e - 1];
  if (type === 'BIGINT') {
    // 18 digits (and a sign) always fit a BIGINT; longer ones go the generic way (its range check)
    if (last === LOWER_I && e - 1 - s <= 18 && isInteger(b, s, e - 1)) return BigInt(text.toString('latin1', s, e - 1));
  } else if (type === 'DOUBLE' && (isDigit(last) || last === DOT) && isFloat(b, s, e)) {
    const value = Number(text.toString('latin1', s, e));
    return Number.isFinite(value) ? value : NO;
  }
  const parsed = parseFieldValue(text.toString('utf8', s, e));
  // the fast path never sees quotes, so no strings or bytes here
  return typeof parsed === 'string' || parsed.type !== type ? NO : (parsed.value as DuckDBValue);
}

const utf8 = new TextEncoder();

/**
 * What column-major parses reuse from one to the next: the arena their number columns grow in, and plainNumber's
 * value. One per owner (an engine's parse pool, a parse worker thread), so two engines in one process never share it.
 */
export class ColumnarParser {
  /** where the packed columns of a parse grow (parses are synchronous, and reset it) */
  readonly arena = new ColumnArena();
  /** the value plainNumber read last: its second result, without an object per value */
  scanned = 0;

  /**
   * The request as column-major blocks, or undefined when it is not plain enough for the fast path (see above). An
   * unknown precision is the caller's to refuse first (parseLines' error).
   */
  parse(body: Uint8Array, precision = 'ns'): LineBatch | undefined {
    return parseColumnar(this, body, precision);
  }
}

/** The first line of a series: its field keys and values (checked as parse.ts checks them), or undefined. */
function firstLine(p: ColumnarParser, fields: string, series: Series, line: number, lineText: string, keyStart: number, keyLength: number): OpenBlock | undefined {
  const keys: string[] = [];
  const types: FieldValue['type'][] = [];
  const values: (NumberColumn | DuckDBValue[])[] = [];
  const first: DuckDBValue[] = [];
  const lower: string[] = [];
  const e = fields.length;
  let pos = 0;
  while (pos < e) {
    const eq = fields.indexOf('=', pos);
    let comma = fields.indexOf(',', pos);
    if (comma < 0) comma = e;
    if (eq <= pos || eq >= comma - 1) return undefined;
    const key = fields.slice(pos, eq);
    const low = key.toLowerCase();
    if (series.keys.has(low) || lower.includes(low)) return undefined;
    const v = parseFieldValue(fields.slice(eq + 1, comma));
    if (typeof v === 'string') return undefined;
    keys.push(key);
    lower.push(low);
    types.push(v.type);
    values.push(packs(v.type) ? new NumberColumn(p.arena) : []);
    first.push(v.value as DuckDBValue);
    pos = comma + 1;
    if (comma < e && pos >= e) return undefined; // trailing comma
  }
  const keyBytes = keys.map((key) => utf8.encode(key));
  const block: OpenBlock = { series, keys, types, values, ts: new NumberColumn(p.arena), line, text: lineText, keyBytes, keyStart, keyLength };
  first.forEach((v, k) => pushValue(block, k, v));
  return block;
}

/**
 * A later line of the series from b[pos] (after its series key): its values appended when its fields are the block's
 * keys in order, each value ending at a comma and the last at a space. The position of that space, or -1 (nothing of
 * the line appended).
 */
function nextLine(p: ColumnarParser, b: Uint8Array, text: Buffer, pos: number, block: OpenBlock): number {
  const { keyBytes, types } = block;
  const n = keyBytes.length;
  const end = b.length;
  for (let k = 0; k < n; k++) {
    const key = keyBytes[k];
    const kl = key.length;
    if (pos + kl >= end) return undo(block, k);
    for (let j = 0; j < kl; j++) if (b[pos + j] !== key[j]) return undo(block, k);
    if (b[pos + kl] !== EQUALS) return undo(block, k);
    const from = pos + kl + 1;
    // a comma after the last value is one field more, a space before it one field less
    const stop = k === n - 1 ? SPACE : COMMA;
    let to = plainNumber(p, b, from, types[k], stop);
    let v: DuckDBValue | typeof NO = p.scanned;
    if (to < 0) {
      // anything but a plain number of the column's type: cut out and read the generic way
      to = from;
      let c = 0;
      while (to < end && (c = b[to]) !== COMMA && c !== SPACE && c !== NEWLINE) to++;
      if (to === from || to === end || c !== stop) return undo(block, k);
      v = readValue(b, text, from, to, types[k]);
      if (v === NO) return undo(block, k);
    }
    pushValue(block, k, v);
    pos = to + 1;
  }
  return pos - 1;
}

/**
 * The common values read in one pass: a plain decimal of at most 15 digits (`[-+]?digits[.digits]`) of the column's
 * type — DOUBLE without suffix, FLOAT `f32`, INT `i32`, BIGINT `i` — followed by `stop`. Leaves the value in
 * `p.scanned` and returns the index of `stop`; -1 for anything else (readValue then decides, as it would have).
 */
function plainNumber(p: ColumnarParser, b: Uint8Array, s: number, type: FieldValue['type'], stop: number): number {
  let i = s;
  let c = b[i];
  const negative = c === MINUS;
  if (negative || c === PLUS) i++;
  let m = 0;
  let digits = 0;
  let frac = -1;
  for (; ; i++) {
    c = b[i];
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      digits++;
    } else if (c === DOT && frac < 0) frac = digits;
    else break;
  }
  if (digits === 0 || digits > 15) return -1;
  if (type === 'DOUBLE' || type === 'FLOAT') {
    const at = type === 'DOUBLE' ? i : i + 3;
    if (b[at] !== stop || (type === 'FLOAT' && (c !== LOWER_F || b[i + 1] !== 51 || b[i + 2] !== 50))) return -1;
    // Clinger's fast path: both operands exact doubles, one correctly rounded division (what Number() gives)
    const v = frac < 0 || frac === digits ? m : m / POW10[digits - frac];
    if (type === 'FLOAT' && v > FLOAT_MAX) return -1;
    p.scanned = negative ? -v : v;
    return at;
  }
  if (frac >= 0 || c !== LOWER_I) return -1;
  if (type === 'BIGINT') {
    if (b[i + 1] !== stop) return -1;
    p.scanned = negative ? -m : m;
    return i + 1;
  }
  if (type !== 'INT' || b[i + 1] !== 51 || b[i + 2] !== 50 || b[i + 3] !== stop) return -1;
  const v = negative ? -m : m;
  if (v < -2147483648 || v > 2147483647) return -1;
  p.scanned = v;
  return i + 3;
}

/** Takes back the first `k` values of a line that turned out not to fit (keeps the block consistent); -1. */
function undo(block: OpenBlock, k: number): number {
  for (let j = 0; j < k; j++) block.values[j].pop();
  return -1;
}

/** Whether b[a, a + n) and b[c, c + n) hold the same bytes (`view`: b's DataView; four bytes at a time). */
function sameBytes(b: Uint8Array, view: DataView, a: number, c: number, n: number): boolean {
  let j = 0;
  for (; j + 4 <= n; j += 4) if (view.getInt32(a + j) !== view.getInt32(c + j)) return false;
  for (; j < n; j++) if (b[a + j] !== b[c + j]) return false;
  return true;
}

/** Where the line at `s` ends (its newline, or the body's end) and its content ends (before a `\r`). */
function lineEnd(b: Uint8Array, text: Buffer, s: number): [next: number, end: number] {
  let nl = text.indexOf(NEWLINE, s);
  if (nl < 0) nl = b.length;
  return [nl + 1, nl > s && b[nl - 1] === RETURN ? nl - 1 : nl];
}

/** ColumnarParser.parse with `p`'s arena and scan value. */
function parseColumnar(p: ColumnarParser, body: Uint8Array, precision: string): LineBatch | undefined {
  const unitNs = PRECISION_NS[precision];
  // one plain Uint8Array type in the loops below (a Buffer is another shape to V8)
  const b = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  if (unitNs === undefined || text.indexOf(BACKSLASH) >= 0 || text.indexOf(QUOTE) >= 0) return undefined;
  const len = b.length;
  p.arena.reset();
  // blocks by a hash of their series key's bytes (no string per line); a hit is confirmed byte by byte
  const bySeries = new Map<number, OpenBlock[]>();
  const blocks: OpenBlock[] = [];
  let rows = 0;
  let lineNo = 0;
  let prev: OpenBlock | undefined;
  let prevStart = 0;
  let prevLen = -1;
  for (let s = 0; s < len; ) {
    lineNo++;
    const first = b[s];
    if (first <= SPACE || first >= 127 || first === HASH) {
      // a comment, a blank line, white space (trim's, which the row path removes: not for this path) or a line that
      // starts with a non-ASCII character (read as any other)
      const [next, e] = lineEnd(b, text, s);
      if (first === HASH || e === s) {
        s = next;
        continue;
      }
      const line = text.toString('utf8', s, e);
      const trimmed = line.trim();
      if (trimmed === '') {
        s = next;
        continue;
      }
      if (trimmed.length !== line.length) return undefined;
    }
    let block: OpenBlock;
    // where the timestamp's space is, once the fields are read
    let at: number;
    if (prev && s + prevLen < len && b[s + prevLen] === SPACE && sameBytes(b, view, s, prevStart, prevLen)) {
      // lines of a series mostly come together: the previous line's key, compared in place
      block = prev;
      at = nextLine(p, b, text, s + prevLen + 1, block);
    } else {
      let sp1 = s;
      let c = 0;
      // FNV-1a of the key's bytes, on the way to its end
      let hash = 0x811c9dc5;
      while (sp1 < len && (c = b[sp1]) !== SPACE && c !== NEWLINE) {
        hash = Math.imul(hash ^ c, 0x01000193);
        sp1++;
      }
      if (sp1 >= len || c !== SPACE) return undefined;
      const keyLength = sp1 - s;
      const bucket = bySeries.get(hash);
      let known: OpenBlock | undefined;
      if (bucket) for (const k of bucket) if (k.keyLength === keyLength && sameBytes(b, view, s, k.keyStart, keyLength)) known = k;
      if (known) {
        block = known;
        at = nextLine(p, b, text, sp1 + 1, block);
      } else {
        // parse.ts's checks of the measurement and tags (it throws on bad ones: not for the fast path)
        const [, e] = lineEnd(b, text, s);
        let sp2 = sp1 + 1;
        while (sp2 < e && b[sp2] !== SPACE) sp2++;
        if (sp2 >= e || sp2 === sp1 + 1) return undefined;
        const lineText = text.toString('utf8', s, e);
        const key = text.toString('utf8', s, sp1);
        const measureEnd = key.indexOf(',') < 0 ? key.length : key.indexOf(',');
        if (measureEnd === 0) return undefined;
        let series: Series;
        try {
          series = parseSeries(lineText, lineNo, measureEnd, key.length);
        } catch {
          return undefined;
        }
        const opened = firstLine(p, text.toString('utf8', sp1 + 1, sp2), series, lineNo, lineText, s, keyLength);
        if (!opened) return undefined;
        block = opened;
        if (bucket) bucket.push(block);
        else bySeries.set(hash, [block]);
        blocks.push(block);
        at = sp2;
      }
      prev = block;
      prevStart = s;
      prevLen = sp1 - s;
    }
    if (at < 0) return undefined;
    // the timestamp: digits to the end of the line (`\n`, `\r\n` or the body's end), summed as they are read
    let e = at + 1;
    let n = 0;
    for (let d: number; e < len && (d = b[e] - 48) >= 0 && d <= 9; e++) n = n * 10 + d;
    let next: number;
    if (e === len) next = len;
    else if (b[e] === NEWLINE) next = e + 1;
    else if (b[e] === RETURN && (e + 1 === len || b[e + 1] === NEWLINE)) next = e + 2;
    else return undefined;
    const digits = e - at - 1;
    if (digits === 0) return undefined;
    // at most 15 digits are exact in a double
    pushTimestamp(block, digits <= 15 ? n : BigInt(text.toString('latin1', at + 1, e)));
    rows++;
    s = next;
  }
  return { kind: 'lines', body, precision, unitNs, blocks: closed(blocks), rows };
}

/** The blocks whose lines are all read: packed columns as their values, all in one Float64Array (packColumns). */
function closed(open: OpenBlock[]): SeriesBlock[] {
  const packed: NumberColumn[] = [];
  for (const b of open) {
    for (const col of b.values) if (col instanceof NumberColumn) packed.push(col);
    if (b.ts instanceof NumberColumn) packed.push(b.ts);
  }
  const views = new Map(packColumns(packed).map((view, i) => [packed[i], view]));
  const column = <T>(col: NumberColumn | T): Float64Array | T => (col instanceof NumberColumn ? views.get(col)! : col);
  return open.map(({ keyBytes: _b, keyStart: _s, keyLength: _l, ...block }) => ({ ...block, values: block.values.map(column) as StoredColumn[], ts: column(block.ts) }));
}

/** Whether a schemaless write is a line batch (rather than points). */
export const isLineBatch = (x: unknown): x is LineBatch => typeof x === 'object' && x !== null && (x as LineBatch).kind === 'lines';
