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

/**
 * One reused buffer that values are laid out in before they are copied into a vector (the copy is synchronous, so
 * one per thread is enough). A fresh typed array per column and chunk would be megabytes of array buffers a
 * request, which V8 counts as external memory and answers with full garbage collections.
 */
let scratch = new ArrayBuffer(64 * 1024);

/** A typed array of `n` elements over the scratch buffer (grown when too small). */
function scratchOf<T extends ArrayBufferView>(Type: { new (buffer: ArrayBuffer, offset: number, length: number): T; BYTES_PER_ELEMENT: number }, n: number): T {
  const bytes = n * Type.BYTES_PER_ELEMENT;
  if (scratch.byteLength < bytes) scratch = new ArrayBuffer(2 ** Math.ceil(Math.log2(bytes)));
  return new Type(scratch, 0, n);
}

/** Safe integers as little-endian int64s, written as 32-bit halves (no bigint per value). */
function int64Halves(values: ArrayLike<number>): Int32Array {
  const n = values.length;
  const out = scratchOf(Int32Array, 2 * n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    const high = Math.floor(v / 4294967296);
    out[2 * i] = v - high * 4294967296;
    out[2 * i + 1] = high;
  }
  return out;
}

type NumberArray = Float64Array | Float32Array | Int32Array | Int16Array | Int8Array | Uint32Array | Uint16Array | Uint8Array;

/** Packed numbers converted into a scratch array of `Type` (the vector's layout). */
function converted(Type: { new (buffer: ArrayBuffer, offset: number, length: number): NumberArray; BYTES_PER_ELEMENT: number }, values: Float64Array): NumberArray {
  const out = scratchOf(Type, values.length);
  out.set(values);
  return out;
}

/** Packed numbers in the layout of a vector of `type`, or undefined for a type without one here. */
function packedLayout(type: DuckDBType, values: Float64Array): ArrayBufferView | undefined {
  switch (type.typeId) {
    case DuckDBTypeId.DOUBLE:
      // node-api takes no SharedArrayBuffer: a shared view is copied first
      return values.buffer instanceof ArrayBuffer ? values : converted(Float64Array, values);
    case DuckDBTypeId.FLOAT:
      return converted(Float32Array, values);
    case DuckDBTypeId.INTEGER:
      return converted(Int32Array, values);
    case DuckDBTypeId.SMALLINT:
      return converted(Int16Array, values);
    case DuckDBTypeId.TINYINT:
      return converted(Int8Array, values);
    case DuckDBTypeId.UINTEGER:
      return converted(Uint32Array, values);
    case DuckDBTypeId.USMALLINT:
      return converted(Uint16Array, values);
    case DuckDBTypeId.UTINYINT:
      return converted(Uint8Array, values);
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

/** Sets column `c` (BIGINT) to timestamps: bigints, or packed (exact integers; table-writer.ts's TableRows). */
export function fillTimestamps(chunk: DuckDBDataChunk, c: number, ts: readonly bigint[] | Float64Array): void {
  if (ts instanceof Float64Array) return copyInto(chunk, c, int64Halves(ts));
  const n = ts.length;
  const out = scratchOf(BigInt64Array, n);
  for (let i = 0; i < n; i++) out[i] = ts[i];
  copyInto(chunk, c, out);
}

/** Sets column `c` (INTEGER) to one table id in every row. */
export function fillTableId(chunk: DuckDBDataChunk, c: number, tid: number, n: number): void {
  copyInto(chunk, c, scratchOf(Int32Array, n).fill(tid));
}
