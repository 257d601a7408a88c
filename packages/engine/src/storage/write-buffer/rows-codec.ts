import type { DuckDBValue } from '@duckdb/node-api';
import type { StoredColumn, TableRows } from '../table-writer';

/**
 * The bytes of one buffered write in the write log (write-log.ts): the physical table it goes to and its rows, as
 * the writer holds them (TableRows). Packed columns and timestamps are copied as they are (8 bytes a value), other
 * columns travel as JSON. Layout: u32 length of the header, the header (JSON), padding to 8 bytes, then per part its
 * timestamps and its packed columns, in order.
 */

/** The physical table of a logged write: enough to find it again (the types are read back from DuckDB). */
export interface LoggedTable {
  name: string;
  tsColumn: string;
  keyColumn?: string;
}

/** How a column travels: packed numbers, JSON values, or JSON with bigint / non-finite numbers wrapped. */
type ColumnKind = 'f' | 'j' | 'x';

interface Header {
  table: LoggedTable;
  parts: { tid: number; n: number; omitted?: readonly number[]; ts: 'f' | 'i'; columns: ColumnKind[]; values: (unknown[] | null)[] }[];
}

/** A bigint or a number JSON cannot hold (NaN, ±Infinity), wrapped so that it comes back as itself. */
type Wrapped = { $b: string } | { $n: string };

/**
 * The JSON form of an array column: its kind and values; undefined when a value is something only DuckDB's own
 * value objects hold (a blob, a decimal), which the caller then writes straight through instead of buffering.
 */
function jsonColumn(values: DuckDBValue[]): { kind: ColumnKind; values: unknown[] } | undefined {
  let wrap = false;
  for (const v of values) {
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') wrap ||= !Number.isFinite(v);
    else if (typeof v === 'bigint') wrap = true;
    else return undefined;
  }
  if (!wrap) return { kind: 'j', values };
  const wrapped = values.map((v): unknown =>
    typeof v === 'bigint' ? { $b: v.toString() } : typeof v === 'number' && !Number.isFinite(v) ? { $n: String(v) } : v,
  );
  return { kind: 'x', values: wrapped };
}

function unwrap(values: unknown[]): DuckDBValue[] {
  return values.map((v) => {
    if (v === null || typeof v !== 'object') return v as DuckDBValue;
    const w = v as Wrapped;
    return '$b' in w ? BigInt(w.$b) : Number(w.$n);
  });
}

/**
 * The record of rows for one physical table, as the pieces that make it up in order (the packed columns are viewed,
 * not copied: the log writes them as they are), or undefined when a column holds values the log does not carry.
 */
export function encodeWrite(table: LoggedTable, parts: readonly TableRows[]): Uint8Array[] | undefined {
  const header: Header = { table, parts: [] };
  const sections: ArrayBufferView[] = [];
  for (const part of parts) {
    const n = part.ts.length;
    const columns: ColumnKind[] = [];
    const values: (unknown[] | null)[] = [];
    sections.push(part.ts instanceof Float64Array ? part.ts : BigInt64Array.from(part.ts));
    for (const column of part.columns) {
      if (column instanceof Float64Array) {
        columns.push('f');
        values.push(null);
        sections.push(column);
        continue;
      }
      const json = jsonColumn(column);
      if (!json) return undefined;
      columns.push(json.kind);
      values.push(json.values);
    }
    header.parts.push({ tid: part.tid, n, omitted: part.omitted, ts: part.ts instanceof Float64Array ? 'f' : 'i', columns, values });
  }
  const json = Buffer.from(JSON.stringify(header));
  const head = Buffer.alloc(align8(4 + json.length));
  head.writeUInt32LE(json.length, 0);
  json.copy(head, 4);
  return [head, ...sections.map((s) => new Uint8Array(s.buffer, s.byteOffset, s.byteLength))];
}

/** The table and rows of a record written by encodeWrite. */
export function decodeWrite(record: Uint8Array): { table: LoggedTable; parts: TableRows[] } {
  const bytes = Buffer.from(record.buffer, record.byteOffset, record.byteLength);
  const headLength = bytes.readUInt32LE(0);
  const header = JSON.parse(bytes.toString('utf8', 4, 4 + headLength)) as Header;
  let at = align8(4 + headLength);
  // copied out of the record: typed arrays need aligned offsets, and the rows outlive the read buffer
  const take = (n: number): ArrayBuffer => {
    const slice = record.buffer.slice(record.byteOffset + at, record.byteOffset + at + 8 * n);
    at += 8 * n;
    return slice as ArrayBuffer;
  };
  const parts = header.parts.map((p): TableRows => {
    const ts = p.ts === 'f' ? new Float64Array(take(p.n)) : Array.from(new BigInt64Array(take(p.n)));
    const columns = p.columns.map((kind, c): StoredColumn => {
      if (kind === 'f') return new Float64Array(take(p.n));
      const values = p.values[c] ?? [];
      return kind === 'x' ? unwrap(values) : (values as DuckDBValue[]);
    });
    return { tid: p.tid, ts, columns, ...(p.omitted ? { omitted: p.omitted } : {}) };
  });
  return { table: header.table, parts };
}

const align8 = (n: number): number => (n + 7) & ~7;
