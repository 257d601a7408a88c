import duckdb from '@duckdb/node-bindings';
import { DuckDBTypeId, type DuckDBDataChunk, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';

/**
 * Filling a data chunk's columns. Values in plain arrays go through node-api's vector setters (one call, one check
 * per value); packed columns — numbers in a Float64Array (DOUBLE, FLOAT, the integer types, BIGINT of safe
 * integers), bigint timestamps, the table id — are converted into the vector's own layout in one typed-array loop
 * and copied in with one memcpy. No column here has NULLs: a new chunk's validity is all valid, so it is not touched.
 */

/** `view`'s bytes into column `c` of the chunk (the vector's data buffer, from its first row). */
function copyInto(chunk: DuckDBDataChunk, c: number, view: ArrayBufferView): void {
  const vector = duckdb.data_chunk_get_vector(chunk.chunk, c);
  duckdb.copy_data_to_vector(vector, 0, view.buffer as ArrayBuffer, view.byteOffset, view.byteLength);
}

/** Safe integers as little-endian int64s, written as 32-bit halves (no bigint per value). */
function int64Halves(values: ArrayLike<number>): Int32Array {
  const n = values.length;
  const out = new Int32Array(2 * n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    const high = Math.floor(v / 4294967296);
    out[2 * i] = v - high * 4294967296;
    out[2 * i + 1] = high;
  }
  return out;
}

/** Packed numbers in the layout of a vector of `type`, or undefined for a type without one here. */
function packedLayout(type: DuckDBType, values: Float64Array): ArrayBufferView | undefined {
  switch (type.typeId) {
    case DuckDBTypeId.DOUBLE:
      return values;
    case DuckDBTypeId.FLOAT:
      return new Float32Array(values);
    case DuckDBTypeId.INTEGER:
      return new Int32Array(values);
    case DuckDBTypeId.SMALLINT:
      return new Int16Array(values);
    case DuckDBTypeId.TINYINT:
      return new Int8Array(values);
    case DuckDBTypeId.UINTEGER:
      return new Uint32Array(values);
    case DuckDBTypeId.USMALLINT:
      return new Uint16Array(values);
    case DuckDBTypeId.UTINYINT:
      return new Uint8Array(values);
    case DuckDBTypeId.BIGINT:
      return int64Halves(values);
    default:
      return undefined;
  }
}

/**
 * A plain BIGINT column's values as the vector setter takes them: a packed column's numbers may have been merged into
 * a plain array (the same table twice in one INSERT), and the setter takes only bigints.
 */
function bigints(values: readonly DuckDBValue[]): readonly DuckDBValue[] {
  return values.some((v) => typeof v === 'number') ? values.map((v) => (typeof v === 'number' ? BigInt(v) : v)) : values;
}

/**
 * Sets column `c` (of `type`) to `values`: packed numbers (already checked to fit the column: exec/insert-columns.ts,
 * schemaless/apply-lines.ts) by copy, anything else through the vector setters.
 */
export function fillColumn(chunk: DuckDBDataChunk, c: number, type: DuckDBType, values: Float64Array | readonly DuckDBValue[]): void {
  if (values instanceof Float64Array) {
    const layout = packedLayout(type, values);
    if (layout) return copyInto(chunk, c, layout);
  }
  const plain = values as readonly DuckDBValue[];
  chunk.setColumnValues(c, type.typeId === DuckDBTypeId.BIGINT ? bigints(plain) : plain);
}

/** Sets column `c` (BIGINT) to timestamps. */
export function fillTimestamps(chunk: DuckDBDataChunk, c: number, ts: readonly bigint[]): void {
  const n = ts.length;
  const out = new BigInt64Array(n);
  for (let i = 0; i < n; i++) out[i] = ts[i];
  copyInto(chunk, c, out);
}

/** Sets column `c` (INTEGER) to one table id in every row. */
export function fillTableId(chunk: DuckDBDataChunk, c: number, tid: number, n: number): void {
  copyInto(chunk, c, new Int32Array(n).fill(tid));
}
