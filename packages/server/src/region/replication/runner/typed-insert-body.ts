import { type MappedColumn, type MappedColumns, mappedValue } from '../transform/columns';
/**
 * The body of the engine's typed write entry (POST /rest/insert/{db}; the engine's schemaless/typed-insert.ts
 * describes the format): a task's table groups as packed float64 columns and JSON cells instead of INSERT text.
 * Each value becomes the literal the INSERT text would have carried, as the engine's SQL parser reads it back
 * (values-text.ts `literal`), so both ways store the same values and refuse the same rows.
 */

/** One child table's rows with the same column names (engine-writer.ts). */
export interface TypedGroup {
  rows: ReadonlyArray<{ stable: string; table: string; tags: Record<string, unknown>; columns: Record<string, unknown> }>;
  columnNames: string[];
}

type Cell = null | boolean | number | string | { big: string };

const NANOSECOND_DIGITS = /^\d{16,}$/;

/** An integer's digits as the parser reads them: a number within ±2^53, else a bigint. */
const digitsCell = (digits: string): Cell => {
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : { big: digits };
};

/** A value as the SQL parser reads `literal(value)` back. */
export function cellOf(value: unknown): Cell {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String() writes an unsafe integer below 1e21 as its shortest digits (2^60 as 1152921504606847000), which the
    // parser reads as a bigint
    if (Number.isInteger(value) && !Number.isSafeInteger(value) && Math.abs(value) < 1e21) return digitsCell(String(value));
    // -0 is written "0"
    return value + 0;
  }
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return digitsCell(value.toString());
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && NANOSECOND_DIGITS.test(value)) return digitsCell(value);
  return String(value);
}

/** Float64s of one body's packed columns: reused, a worker encodes one body at a time. */
let packed = new Float64Array(1 << 16);
let packedLength = 0;

function reserve(count: number): void {
  if (packedLength + count <= packed.length) return;
  const larger = new Float64Array(Math.max(packed.length * 2, packedLength + count));
  larger.set(packed.subarray(0, packedLength));
  packed = larger;
}

/**
 * One column of the rows: packed when every value is a number the parser reads back as itself (finite, within
 * ±2^53), else its cells.
 */
function column(rows: TypedGroup['rows'], name: string): number | Cell[] {
  const n = rows.length;
  reserve(n);
  const start = packedLength;
  for (let r = 0; r < n; r++) {
    const value = rows[r].columns[name];
    if (typeof value !== 'number' || !(Math.abs(value) <= Number.MAX_SAFE_INTEGER)) return rows.map((row) => cellOf(row.columns[name]));
    packed[start + r] = value + 0;
  }
  packedLength += n;
  return start;
}

function tableOf({ rows, columnNames }: TypedGroup): object {
  const [first] = rows;
  const tagNames = Object.keys(first.tags);
  const values = columnNames.map((name) => column(rows, name));
  const using = tagNames.length > 0 ? { stable: first.stable, tagNames, tags: tagNames.map((t) => cellOf(first.tags[t])) } : {};
  return { table: first.table, ...using, columns: columnNames, rows: rows.length, values };
}

/** The rows of one child table in a batch's mapped columns (transform/columns.ts), by their indices. */
export interface TypedColumnGroup {
  mapped: MappedColumns;
  rows: Int32Array;
}

/** A column of the group's rows, as `column` above makes it from row objects. */
function mappedColumn(values: MappedColumn, rows: Int32Array): number | Cell[] {
  const n = rows.length;
  const { numbers, nulls } = values;
  if (numbers !== null) {
    reserve(n);
    const start = packedLength;
    let r = 0;
    for (; r < n; r++) {
      const i = rows[r];
      const value = numbers[i];
      if ((nulls !== null && nulls[i] === 1) || !(Math.abs(value) <= Number.MAX_SAFE_INTEGER)) break;
      packed[start + r] = value + 0;
    }
    if (r === n) {
      packedLength += n;
      return start;
    }
  }
  const cells: Cell[] = new Array<Cell>(n);
  for (let r = 0; r < n; r++) cells[r] = cellOf(mappedValue(values, rows[r]));
  return cells;
}

function columnTableOf({ mapped, rows }: TypedColumnGroup): object {
  const first = rows[0];
  const values = mapped.columnValues.map((column) => mappedColumn(column, rows));
  const using = mapped.tagNames.length > 0 ? { stable: mapped.stable, tagNames: mapped.tagNames, tags: mapped.tagValues.map((tag) => cellOf(mappedValue(tag, first))) } : {};
  return { table: mapped.tableNames[mapped.table[first]], ...using, columns: mapped.columnNames, rows: rows.length, values };
}

/** The body for these groups. */
export function typedInsertBody(groups: readonly TypedGroup[]): Buffer {
  packedLength = 0;
  return bodyOf(groups.map(tableOf));
}

/** The body for these groups of mapped columns: the same bytes typedInsertBody makes of their rows. */
export function typedColumnsBody(groups: readonly TypedColumnGroup[]): Buffer {
  packedLength = 0;
  return bodyOf(groups.map(columnTableOf));
}

function bodyOf(tables: object[]): Buffer {
  const header = Buffer.from(JSON.stringify({ tables }), 'utf8');
  const dataStart = Math.ceil((4 + header.length) / 8) * 8;
  const body = Buffer.alloc(dataStart + packedLength * 8);
  body.writeUInt32LE(header.length, 0);
  header.copy(body, 4);
  // the engine reads the float64s little-endian (a Float64Array on its side): written as such, whatever this host is
  const data = Buffer.from(packed.buffer, packed.byteOffset, packedLength * 8);
  if (new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f) data.copy(body, dataStart);
  else for (let i = 0; i < packedLength; i++) body.writeDoubleLE(packed[i], dataStart + i * 8);
  return body;
}
