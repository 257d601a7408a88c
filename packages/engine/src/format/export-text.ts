import { csvField } from '@tscloud/contracts/csv';
import type { Precision } from '../catalog/db-options';
import type { ResultColumn } from './result';
import { outsideFourDigitYears, formatTimestamp } from './timestamp';
import { cellJson, float32Text } from './values';

/** The text formats of POST /rest/export (docs/explorer-server.md "Export"). */
export type ExportTextFormat = 'csv' | 'jsonl';

/** Writes a result's header and rows as one text format; rows come in batches, each written out whole. */
export interface ExportTextWriter {
  contentType: string;
  /** The first bytes of the file (CSV: the column names; JSON Lines: nothing). */
  head(): string;
  rows(rows: readonly unknown[][]): string;
}

type Cell = (value: unknown) => string;

const PER_SECOND: Record<Precision, bigint> = { ms: 1_000n, us: 1_000_000n, ns: 1_000_000_000n };
const FRACTION_DIGITS: Record<Precision, number> = { ms: 3, us: 6, ns: 9 };

/**
 * A column's timestamps in UTC exactly as `formatTimestamp` writes them, from their integer (ns digits kept). The
 * text up to the second is kept from the previous value: an export reads a column in time order, so most values
 * share it with their neighbour, and formatting the date is most of a row's cost.
 */
function timestampCell(precision: Precision): (value: unknown) => string {
  const perSecond = PER_SECOND[precision];
  const digits = FRACTION_DIGITS[precision];
  let second: bigint | null = null;
  let prefix = '';
  return (value) => {
    const v = BigInt(value as number | bigint);
    if (outsideFourDigitYears(v, precision)) return v.toString();
    let s = v / perSecond;
    let fraction = v % perSecond;
    if (fraction < 0n) {
      fraction += perSecond;
      s -= 1n;
    }
    if (s !== second) {
      second = s;
      const whole = formatTimestamp(s * perSecond, precision);
      prefix = whole.slice(0, whole.length - digits - 1);
    }
    return `${prefix}${fraction.toString().padStart(digits, '0')}Z`;
  };
}

/** Distinct values whose text a column remembers before its memo starts again (bounded memory). */
const MEMO_SIZE = 4096;

/**
 * `write` with its texts remembered per value: FLOAT texts take up to nine `toPrecision` tries (`float32Text`, the
 * shortest text that reads back as the same float32), text cells regular-expression checks, and measured values
 * and tags repeat a lot down a column.
 */
function memoized<T>(write: (value: T) => string): (value: T) => string {
  const memo = new Map<T, string>();
  return (value) => {
    let text = memo.get(value);
    if (text === undefined) {
      if (memo.size >= MEMO_SIZE) memo.clear();
      text = write(value);
      memo.set(value, text);
    }
    return text;
  };
}

/** A column's FLOAT values as REST prints them; `empty` for NaN and infinities. */
function floatCell(empty: string): (value: unknown) => string {
  const text = memoized(float32Text);
  return (value) => (Number.isFinite(value) ? text(value as number) : empty);
}

/** One CSV cell per column type: the text REST would show, never through a JS number where digits could be lost. */
function csvCell(type: string, precision: Precision): Cell {
  const nullable = (cell: Cell): Cell => (value) => (value === null || value === undefined ? '' : cell(value));
  switch (type) {
    case 'TIMESTAMP': {
      const text = timestampCell(precision);
      // A year before 0 starts with '-': the field then gets the formula guard like any text.
      return nullable((v) => {
        const t = text(v);
        return t.startsWith('-') ? csvField(t) : t;
      });
    }
    case 'FLOAT':
      return nullable(floatCell(''));
    case 'DOUBLE':
      return nullable((v) => (Number.isFinite(v) ? String(v) : ''));
    case 'BOOL':
      return nullable((v) => (v ? 'true' : 'false'));
    case 'JSON':
      return nullable((v) => csvField(typeof v === 'string' ? v : JSON.stringify(v)));
    default: {
      const text = memoized(csvField);
      return nullable((v) => {
        if (typeof v === 'number' || typeof v === 'bigint') return String(v);
        if (typeof v === 'string') return text(v);
        return csvField(v instanceof Uint8Array ? Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex') : v);
      });
    }
  }
}

/** One JSON value per column type, as REST writes it (cellJson): 64-bit integers as exact numbers, timestamps as text. */
function jsonCell(type: string, precision: Precision): Cell {
  const nullable = (cell: Cell): Cell => (value) => (value === null || value === undefined ? 'null' : cell(value));
  if (type === 'TIMESTAMP') {
    const text = timestampCell(precision);
    return nullable((v) => `"${text(v)}"`);
  }
  if (type === 'FLOAT') return nullable(floatCell('null'));
  if (type === 'VARCHAR' || type === 'NCHAR') return nullable(memoized((v) => JSON.stringify(v)));
  return (v) => cellJson(v, type, precision);
}

/** Appends each row as `cells` joined by `between`, with `open`/`close` around it and `name` before each cell. */
function rowsWriter(cells: Cell[], names: string[], between: string, open: string, close: string): (rows: readonly unknown[][]) => string {
  return (rows) => {
    let out = '';
    for (const row of rows) {
      let line = open;
      for (let i = 0; i < cells.length; i++) line += (i ? between : '') + names[i] + cells[i](row[i]);
      out += line + close;
    }
    return out;
  };
}

export function exportTextWriter(format: ExportTextFormat, columns: readonly ResultColumn[], precision: Precision): ExportTextWriter {
  if (format === 'csv') {
    return {
      contentType: 'text/csv; charset=utf-8',
      head: () => `${columns.map((c) => csvField(c.name)).join(',')}\r\n`,
      rows: rowsWriter(
        columns.map((c) => csvCell(c.type, precision)),
        columns.map(() => ''),
        ',',
        '',
        '\r\n',
      ),
    };
  }
  // JSON Lines: one object a line, keyed by column name.
  return {
    contentType: 'application/x-ndjson; charset=utf-8',
    head: () => '',
    rows: rowsWriter(
      columns.map((c) => jsonCell(c.type, precision)),
      columns.map((c) => `${JSON.stringify(c.name)}:`),
      ',',
      '{',
      '}\n',
    ),
  };
}
