import { ValueRows, type InsertStatement, type InsertTarget, type InsertValue } from '../sql';

/**
 * The typed write entry (POST /rest/insert/{db}; docs/benchmarks.md "Data in", fifth pass): a multi-table INSERT
 * handed over as values, not SQL text, for writers that hold their rows already typed (the console's data-in
 * tasks). The body decodes into the InsertStatement the SQL parser would build from
 * `INSERT INTO db.t USING db.st (tags) TAGS (...) (cols) VALUES (...) ...`, and runs as one: the same conversions,
 * refusals, child-table creation, write locks, write events and counters. Only the text is skipped: building it
 * in the writer and parsing it here cost more than the engine's write itself.
 *
 * Body (little-endian): u32 header length, the header as UTF-8 JSON, zero bytes up to a multiple of 8, then the
 * packed columns as float64s. Header: `{ tables: TypedTable[] }`. A column is either the index (in float64s) of its
 * `rows` packed numbers in that data, or its values as JSON cells. A cell is what the SQL parser makes of a literal:
 * null, a boolean, a number, a string, or `{ "big": "<digits>" }` for an integer beyond 2^53.
 */

export type TypedCell = null | boolean | number | string | { big: string };

export interface TypedTable {
  table: string;
  /** created from this super table with these tags when missing (`USING stable (tagNames) TAGS (tags)`) */
  stable?: string;
  tagNames?: string[];
  tags?: TypedCell[];
  /** the column names, the timestamp first */
  columns: string[];
  rows: number;
  values: Array<number | TypedCell[]>;
}

export interface TypedInsertHeader {
  tables: TypedTable[];
}

/** The body is not one this entry reads (a client bug, never a refusal of rows). */
export class TypedInsertFormatError extends Error {}

const quoted = (name: string) => ({ name, quoted: true });

function cell(value: TypedCell): InsertValue {
  if (value !== null && typeof value === 'object') return BigInt(value.big);
  return value;
}

/** The header's packed columns and cells as the parser's column-major VALUES rows. */
function valueRows(table: TypedTable, data: Float64Array): ValueRows {
  const rows = new ValueRows();
  const columns = table.values.map((column) => {
    if (typeof column !== 'number') return column.map(cell);
    if (!Number.isInteger(column) || column < 0 || column + table.rows > data.length) throw new TypedInsertFormatError(`packed column out of range in table ${table.table}`);
    return data.subarray(column, column + table.rows);
  });
  if (columns.length !== table.columns.length || columns.some((column) => column.length !== table.rows)) {
    throw new TypedInsertFormatError(`columns do not match in table ${table.table}`);
  }
  const width = columns.length;
  for (let r = 0; r < table.rows; r++) {
    for (let k = 0; k < width; k++) rows.put(k, columns[k][r]);
    rows.endRow(width);
  }
  return rows;
}

function target(db: string, table: TypedTable, data: Float64Array): InsertTarget {
  const rows = valueRows(table, data);
  return {
    table: { db: quoted(db), name: quoted(table.table) },
    using: table.stable === undefined ? undefined : { stable: { db: quoted(db), name: quoted(table.stable) }, tagColumns: (table.tagNames ?? []).map(quoted), tags: (table.tags ?? []).map(cell), tagsOffset: 0 },
    columns: table.columns.map(quoted),
    source: { type: 'values', rows, rowOffsets: new Array<number>(table.rows).fill(0) },
  };
}

/** The body as the INSERT statement it stands for, into database `db`. */
export function decodeTypedInsert(body: Uint8Array, db: string): InsertStatement {
  if (body.byteLength < 4) throw new TypedInsertFormatError('body too short');
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const headerLength = view.getUint32(0, true);
  if (4 + headerLength > body.byteLength) throw new TypedInsertFormatError('header past the body');
  let header: TypedInsertHeader;
  try {
    header = JSON.parse(Buffer.from(body.buffer, body.byteOffset + 4, headerLength).toString('utf8')) as TypedInsertHeader;
  } catch {
    throw new TypedInsertFormatError('header is not JSON');
  }
  if (!Array.isArray(header?.tables) || header.tables.length === 0) throw new TypedInsertFormatError('no tables');
  const dataStart = Math.ceil((4 + headerLength) / 8) * 8;
  const floats = Math.floor(Math.max(0, body.byteLength - dataStart) / 8);
  // aligned for a Float64Array view when the body's own offset is; copied otherwise
  const data =
    (body.byteOffset + dataStart) % 8 === 0
      ? new Float64Array(body.buffer, body.byteOffset + dataStart, floats)
      : new Float64Array(body.slice(dataStart, dataStart + floats * 8).buffer);
  return { kind: 'insert', targets: header.tables.map((table) => target(db, table, data)) };
}
