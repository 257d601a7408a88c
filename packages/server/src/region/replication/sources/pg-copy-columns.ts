import type { ColumnChunk, SourceColumn } from '../pipeline/types';
import { BPCHAR, type CopyField, type CopySink, decoderOf, fieldCount, FLOAT4, FLOAT8, INT2, INT4, NAME, rowStarter, TEXT, type TextParserOf, TIMESTAMP, TIMESTAMPTZ, timestampMs, timestampOther, VARCHAR } from './pg-copy';

/**
 * Binary COPY rows decoded into typed columns instead of row objects (pg-copy.ts decodes the same values into rows):
 * the column-major batch of a task whose mapping the column transform covers (docs/data-in.md "Sources").
 */

/** Fills one column of a chunk: a value at row `i`, or NULL. */
interface ColumnFill {
  column: SourceColumn;
  value(buffer: Buffer, at: number, length: number, i: number): void;
  nullAt(i: number): void;
}

/** The typed column of a field's type, for chunks of `rows` (the types decodeable by number, time or text; else values). */
function columnFill(oid: number, rows: number, parserOf: TextParserOf): ColumnFill {
  switch (oid) {
    case INT2:
    case INT4:
    case FLOAT4:
    case FLOAT8: {
      const decode = decoderOf(oid, parserOf) as (buffer: Buffer, at: number) => number;
      const column = { kind: 'number' as const, values: new Float64Array(rows), nulls: new Uint8Array(rows) };
      return { column, value: (buffer, at, _length, i) => (column.values[i] = decode(buffer, at)), nullAt: (i) => (column.nulls[i] = 1) };
    }
    case TIMESTAMP:
    case TIMESTAMPTZ: {
      const parse = parserOf(oid);
      const column = { kind: 'time' as const, ms: new Float64Array(rows), nulls: new Uint8Array(rows), other: null as Map<number, unknown> | null };
      return {
        column,
        value: (buffer, at, _length, i) => {
          const ms = timestampMs(buffer, at);
          if (ms !== null) column.ms[i] = ms;
          else (column.other ??= new Map()).set(i, timestampOther(buffer, at, oid, parse));
        },
        nullAt: (i) => (column.nulls[i] = 1),
      };
    }
    case TEXT:
    case NAME:
    case BPCHAR:
    case VARCHAR: {
      const column = { kind: 'text' as const, codes: new Int32Array(rows), dictionary: [] as string[] };
      const interned = new TextInterner(column.dictionary);
      return { column, value: (buffer, at, length, i) => (column.codes[i] = interned.codeOf(buffer, at, length)), nullAt: (i) => (column.codes[i] = -1) };
    }
    default: {
      const decode = decoderOf(oid, parserOf);
      const column = { kind: 'values' as const, values: new Array<unknown>(rows).fill(null) };
      return { column, value: (buffer, at, length, i) => (column.values[i] = decode(buffer, at, length)), nullAt: (i) => (column.values[i] = null) };
    }
  }
}

/**
 * Rows decoded into typed columns (pipeline/types.ts ColumnChunk) of at most `chunkRows`: numbers into float64s,
 * timestamps into epoch ms, texts into codes of a dictionary, no object a row (docs/data-in.md "Sources"). Each
 * value reads back (transform/column-batch.ts) as the row decoder's.
 */
export function columnSink(fields: CopyField[], parserOf: TextParserOf, chunkRows: number): CopySink<ColumnChunk> {
  const names = fields.map((field) => field.name);
  const rowStart = rowStarter();
  const fresh = () => fields.map((field) => columnFill(field.dataTypeID, chunkRows, parserOf));
  let fills = fresh();
  let count = 0;
  return {
    add(buffer, start) {
      let at = rowStart(buffer, start);
      const fieldsInRow = fieldCount(buffer, at, fills.length);
      if (fieldsInRow === -1) return false;
      if (count === chunkRows) throw new Error('a column chunk was not taken when full');
      at += 2;
      for (let f = 0; f < fieldsInRow; f++) {
        const length = buffer.readInt32BE(at);
        at += 4;
        if (length < 0) {
          fills[f].nullAt(count);
          continue;
        }
        fills[f].value(buffer, at, length, count);
        at += length;
      }
      count += 1;
      return true;
    },
    get count() {
      return count;
    },
    take() {
      const chunk: ColumnChunk = { names, length: count, columns: fills.map((fill) => fill.column) };
      fills = fresh();
      count = 0;
      return chunk;
    },
  };
}


/** FNV-1a of the bytes. */
function hashOf(buffer: Buffer, at: number, length: number): number {
  let hash = 0x811c9dc5;
  for (let k = 0; k < length; k++) hash = Math.imul(hash ^ buffer[at + k], 0x01000193);
  return hash >>> 0;
}

/**
 * A chunk's texts by their bytes: a text seen before in the chunk gets its code without decoding it again (no string
 * a row; a task's texts repeat: device names, units). Open addressing over a hash of the bytes, which are kept.
 */
class TextInterner {
  private slots = new Int32Array(256).fill(-1);
  private readonly offsets: number[] = [];
  private readonly lengths: number[] = [];
  private bytes = Buffer.allocUnsafe(4096);
  private used = 0;

  constructor(private readonly dictionary: string[]) {}

  codeOf(buffer: Buffer, at: number, length: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hashOf(buffer, at, length) & mask; ; slot = (slot + 1) & mask) {
      let code = this.slots[slot];
      if (code >= 0) {
        if (this.lengths[code] === length && this.same(code, buffer, at, length)) return code;
        continue;
      }
      code = this.add(buffer, at, length);
      this.slots[slot] = code;
      // Kept at most half full.
      if (2 * this.dictionary.length > this.slots.length) this.grow();
      return code;
    }
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let code = 0; code < this.dictionary.length; code++) {
      let slot = hashOf(this.bytes, this.offsets[code], this.lengths[code]) & mask;
      while (slots[slot] >= 0) slot = (slot + 1) & mask;
      slots[slot] = code;
    }
    this.slots = slots;
  }

  private same(code: number, buffer: Buffer, at: number, length: number): boolean {
    const from = this.offsets[code];
    for (let k = 0; k < length; k++) if (this.bytes[from + k] !== buffer[at + k]) return false;
    return true;
  }

  private add(buffer: Buffer, at: number, length: number): number {
    const code = this.dictionary.length;
    this.dictionary.push(buffer.toString('utf8', at, at + length));
    if (this.used + length > this.bytes.length) {
      const larger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + length));
      this.bytes.copy(larger, 0, 0, this.used);
      this.bytes = larger;
    }
    buffer.copy(this.bytes, this.used, at, at + length);
    this.offsets.push(this.used);
    this.lengths.push(length);
    this.used += length;
    return code;
  }
}
