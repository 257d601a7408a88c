import type { DuckDBValue } from '@duckdb/node-api';
import type { ColumnDef } from '../catalog/model';
import type { InsertColumn } from '../sql';
import type { StoredColumn, TableRows } from '../storage/table-writer';
import { converterFor, numberStoredAsIs, type ValueScope } from './coerce';

/**
 * The column-at-a-time conversion of VALUES rows (the INSERT fast path). A packed column (only plain numbers, see
 * ValueRows) is checked in one loop and handed to storage as it is; other columns go through the per-value
 * converters. Any value that does not convert makes the whole conversion give up (`undefined`): the row-by-row
 * path then reports the first bad value in row order, with its position, as before.
 */

/** Packed numbers as the stored values of `col`, or undefined when one of them needs the per-value path. */
function packedColumn(values: Float64Array, col: ColumnDef): Float64Array | undefined {
  // a BIGINT column packs exact numbers (storage/chunk-fill.ts writes them as int64); a plain array holds bigints
  const fits = col.type.name === 'BIGINT' ? Number.isSafeInteger : numberStoredAsIs(col);
  if (!fits) return undefined;
  for (let i = 0; i < values.length; i++) if (!fits(values[i])) return undefined;
  return values;
}

/**
 * Packed epoch numbers as the stored timestamps, all safe integers at or after `minTs` (the KEEP limit); otherwise
 * undefined. They stay packed (TableRows.ts): no bigint per row, which cost the INSERT path a tenth of its time.
 */
function packedTimestamps(values: Float64Array, minTs: bigint): Float64Array | undefined {
  // exact for every safe integer compared with it (see the comparison below)
  const min = Number(minTs);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!(v >= min && Number.isSafeInteger(v))) return undefined;
  }
  return values;
}

/** Timestamps written otherwise (time strings, NOW ± durations ...): present and within KEEP, or undefined. */
function convertedTimestamps(values: InsertColumn, n: number, col: ColumnDef, scope: ValueScope, minTs: bigint): bigint[] | undefined {
  const stored = convertedColumn(values, n, col, scope);
  if (!stored) return undefined;
  for (let i = 0; i < n; i++) if (stored[i] === null || (stored[i] as bigint) < minTs) return undefined;
  return stored as bigint[];
}

/** One column through its per-value converter; undefined when a value does not convert. */
function convertedColumn(values: InsertColumn, n: number, col: ColumnDef, scope: ValueScope): DuckDBValue[] | undefined {
  const convert = converterFor(col, scope);
  const out: DuckDBValue[] = new Array(n);
  try {
    for (let i = 0; i < n; i++) out[i] = convert(values[i]);
  } catch {
    return undefined;
  }
  return out;
}

/**
 * The data columns (indexes after the timestamp) a column list leaves out, or undefined when it names them all:
 * storage keeps their stored values for a timestamp that exists (TableRows.omitted).
 */
export function omittedColumns(columnCount: number, map: readonly number[]): number[] | undefined {
  if (map.length === columnCount) return undefined;
  const named = new Set(map);
  const omitted: number[] = [];
  for (let i = 1; i < columnCount; i++) if (!named.has(i)) omitted.push(i - 1);
  return omitted;
}

/**
 * Converts `n` rows given column-major (`values[k]` for the table column `columns[map[k]]`) into stored rows, or
 * returns undefined so the caller takes the row-by-row path (which reports errors in row order).
 */
export function convertColumns(
  tid: number,
  values: readonly InsertColumn[],
  n: number,
  columns: ColumnDef[],
  map: number[],
  scope: ValueScope,
  minTs: bigint,
): TableRows | undefined {
  let ts: TableRows['ts'] | undefined;
  const out: (StoredColumn | undefined)[] = new Array(columns.length - 1);
  for (let k = 0; k < map.length; k++) {
    const i = map[k];
    const col = columns[i];
    const given = values[k];
    if (i === 0) {
      ts = given instanceof Float64Array ? packedTimestamps(given.subarray(0, n), minTs) : convertedTimestamps(given, n, col, scope, minTs);
      if (!ts) return undefined;
      continue;
    }
    const packed = given instanceof Float64Array ? packedColumn(given.subarray(0, n), col) : undefined;
    // numbers into other types (BOOL, BIGINT, text ...) take the per-value converters
    const stored = packed ?? convertedColumn(given, n, col, scope);
    if (!stored) return undefined;
    // a NULL composite key is refused by the row-wise path, where the refusal is made
    if (col.primaryKey && stored.some((v) => v === null)) return undefined;
    out[i - 1] = stored;
  }
  if (!ts) return undefined;
  // columns left out of the column list are NULL
  for (let c = 0; c < out.length; c++) out[c] ??= new Array<DuckDBValue>(n).fill(null);
  return { tid, ts, columns: out as StoredColumn[], omitted: omittedColumns(columns.length, map) };
}
