import type { Precision } from '../catalog/db-options';
import { float32Text } from './values';
import { formatTimestamp } from './timestamp';

/**
 * TDengine's raw data block, as `taos_fetch_raw_block` hands it out and taosAdapter sends it in the
 * TMQ WebSocket's binary `fetch_block` frames (docs/engine-tmq.md "Binary blocks"). Little-endian throughout:
 *
 *   int32 version · int32 total length · int32 rows · int32 columns · int32 segment flag · uint64 group id
 *   per column: int8 type, int32 bytes (the schema)
 *   per column: int32 length of its data part
 *   per column, fixed-width types: a null bitmap of ceil(rows / 8) bytes (bit 7 - r % 8 of byte r / 8 set = NULL),
 *     then rows × bytes values; variable types: rows int32 offsets into the data (-1 = NULL), then each value as
 *     uint16 length + bytes (VARCHAR and JSON as UTF-8, NCHAR as UCS-4, VARBINARY/GEOMETRY/BLOB as they are);
 *   one zero byte.
 * Checked byte for byte against a block TDengine 3.3.7.5's native client handed out for a topic message
 * (test/topics/raw-block.test.ts).
 */

const HEADER_BYTES = 28;
/** What TDengine 3.3.7.5's topic blocks carry (a query's blocks say 1; the layout is the same). */
const BLOCK_VERSION = 2;
/** The segment word of those blocks: only its top bit set. */
const SEGMENT_FLAG = -0x80000000;
/** TDengine's blocks end with one zero byte, counted in their length. */
const TRAILER_BYTES = 1;

/** TDengine's type codes (taos.h TSDB_DATA_TYPE_*) by the REST type name. */
export const TYPE_CODES: Readonly<Record<string, number>> = {
  BOOL: 1,
  TINYINT: 2,
  SMALLINT: 3,
  INT: 4,
  BIGINT: 5,
  FLOAT: 6,
  DOUBLE: 7,
  VARCHAR: 8,
  TIMESTAMP: 9,
  NCHAR: 10,
  'TINYINT UNSIGNED': 11,
  'SMALLINT UNSIGNED': 12,
  'INT UNSIGNED': 13,
  'BIGINT UNSIGNED': 14,
  JSON: 15,
  VARBINARY: 16,
  BLOB: 18,
  GEOMETRY: 20,
};

const TYPE_NAMES: ReadonlyMap<number, string> = new Map(Object.entries(TYPE_CODES).map(([name, code]) => [code, name]));

/** Width of the fixed-width types; absent = variable. */
const FIXED_BYTES: ReadonlyMap<number, number> = new Map([
  [1, 1], [2, 1], [3, 2], [4, 4], [5, 8], [6, 4], [7, 8], [9, 8], [11, 1], [12, 2], [13, 4], [14, 8],
]);

/** The precision code of TMQ `fetch` replies (0 ms, 1 us, 2 ns). */
export const PRECISION_CODES: Readonly<Record<Precision, number>> = { ms: 0, us: 1, ns: 2 };
const PRECISIONS: readonly Precision[] = ['ms', 'us', 'ns'];

export function precisionOfCode(code: unknown): Precision {
  if (typeof code === 'string' && (PRECISIONS as readonly string[]).includes(code)) return code as Precision;
  return PRECISIONS[Number(code)] ?? 'ms';
}

export class RawBlockError extends Error {}

/** A column of a block to encode: its type code, the schema's bytes, and each row's value (null = NULL). */
export interface RawColumn {
  type: number;
  bytes: number;
  /** integers as bigint or number, FLOAT/DOUBLE as number, BOOL as boolean, TIMESTAMP as bigint units, texts as string, bytes as Uint8Array */
  values: unknown[];
}

function variableBytes(type: number, value: unknown): Buffer {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  const text = String(value);
  if (type !== TYPE_CODES.NCHAR) return Buffer.from(text, 'utf8');
  const points = [...text];
  const out = Buffer.alloc(points.length * 4);
  points.forEach((ch, i) => out.writeUInt32LE(ch.codePointAt(0) ?? 0, i * 4));
  return out;
}

function writeFixed(out: Buffer, at: number, type: number, value: unknown): void {
  switch (type) {
    case 1:
      return void out.writeInt8(value ? 1 : 0, at);
    case 2:
      return void out.writeInt8(Number(value), at);
    case 3:
      return void out.writeInt16LE(Number(value), at);
    case 4:
      return void out.writeInt32LE(Number(value), at);
    case 5:
    case 9:
      return void out.writeBigInt64LE(BigInt(value as bigint), at);
    case 6:
      return void out.writeFloatLE(Number(value), at);
    case 7:
      return void out.writeDoubleLE(Number(value), at);
    case 11:
      return void out.writeUInt8(Number(value), at);
    case 12:
      return void out.writeUInt16LE(Number(value), at);
    case 13:
      return void out.writeUInt32LE(Number(value), at);
    case 14:
      return void out.writeBigUInt64LE(BigInt(value as bigint), at);
  }
}

function encodeColumn(column: RawColumn, rows: number): Buffer {
  const width = FIXED_BYTES.get(column.type);
  if (width !== undefined) {
    const bitmap = (rows + 7) >> 3;
    const out = Buffer.alloc(bitmap + rows * width);
    column.values.forEach((value, r) => {
      if (value === null || value === undefined) out[r >> 3] |= 1 << (7 - (r & 7));
      else writeFixed(out, bitmap + r * width, column.type, value);
    });
    return out;
  }
  const offsets = Buffer.alloc(rows * 4);
  const parts: Buffer[] = [];
  let at = 0;
  column.values.forEach((value, r) => {
    if (value === null || value === undefined) return void offsets.writeInt32LE(-1, r * 4);
    const bytes = variableBytes(column.type, value);
    const head = Buffer.alloc(2);
    head.writeUInt16LE(bytes.length);
    offsets.writeInt32LE(at, r * 4);
    parts.push(head, bytes);
    at += 2 + bytes.length;
  });
  return Buffer.concat([offsets, ...parts]);
}

/** One raw block of `rows` rows from its columns (every column holds `rows` values). */
export function encodeRawBlock(columns: RawColumn[], rows: number, groupId = 0n): Buffer {
  const data = columns.map((c) => encodeColumn(c, rows));
  const schema = Buffer.alloc(columns.length * 5);
  const lengths = Buffer.alloc(columns.length * 4);
  columns.forEach((c, i) => {
    schema.writeInt8(c.type, i * 5);
    schema.writeInt32LE(c.bytes, i * 5 + 1);
    // The length part counts a variable column's values only (its offsets come before them, outside the count).
    lengths.writeInt32LE(FIXED_BYTES.has(c.type) ? rows * (FIXED_BYTES.get(c.type) ?? 0) : data[i].length - rows * 4, i * 4);
  });
  const header = Buffer.alloc(HEADER_BYTES);
  const total = HEADER_BYTES + schema.length + lengths.length + data.reduce((n, d) => n + d.length, 0) + TRAILER_BYTES;
  header.writeInt32LE(BLOCK_VERSION, 0);
  header.writeInt32LE(total, 4);
  header.writeInt32LE(rows, 8);
  header.writeInt32LE(columns.length, 12);
  header.writeInt32LE(SEGMENT_FLAG, 16);
  header.writeBigUInt64LE(groupId, 20);
  return Buffer.concat([header, schema, lengths, ...data, Buffer.alloc(TRAILER_BYTES)], total);
}

/** A decoded column: its REST type name and its cells as REST JSON would give them. */
export interface DecodedBlock {
  rows: number;
  types: string[];
  /** row-major cells: timestamps as RFC 3339 text in the precision, integers past 2^53 as decimal text */
  cells: unknown[][];
}

function ucs4Text(bytes: Buffer): string {
  let text = '';
  for (let i = 0; i + 4 <= bytes.length; i += 4) text += String.fromCodePoint(bytes.readUInt32LE(i));
  return text;
}

function exactInteger(value: bigint): number | string {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}

function readFixed(block: Buffer, at: number, type: number, precision: Precision): unknown {
  switch (type) {
    case 1:
      return block.readInt8(at) !== 0;
    case 2:
      return block.readInt8(at);
    case 3:
      return block.readInt16LE(at);
    case 4:
      return block.readInt32LE(at);
    case 5:
      return exactInteger(block.readBigInt64LE(at));
    case 6:
      return Number(float32Text(block.readFloatLE(at)));
    case 7:
      return block.readDoubleLE(at);
    case 9:
      return formatTimestamp(block.readBigInt64LE(at), precision);
    case 11:
      return block.readUInt8(at);
    case 12:
      return block.readUInt16LE(at);
    case 13:
      return block.readUInt32LE(at);
    default:
      return exactInteger(block.readBigUInt64LE(at));
  }
}

function readVariable(bytes: Buffer, type: number): unknown {
  if (type === TYPE_CODES.NCHAR) return ucs4Text(bytes);
  if (type === TYPE_CODES.VARBINARY || type === TYPE_CODES.GEOMETRY || type === TYPE_CODES.BLOB) return bytes.toString('hex');
  const text = bytes.toString('utf8');
  if (type !== TYPE_CODES.JSON) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Reads a raw block (it may sit inside a larger buffer) into rows of REST-style cells. */
export function decodeRawBlock(buffer: Buffer, precision: Precision): DecodedBlock {
  if (buffer.length < HEADER_BYTES) throw new RawBlockError(`raw block shorter than its header (${buffer.length} bytes)`);
  const total = buffer.readInt32LE(4);
  const rows = buffer.readInt32LE(8);
  const cols = buffer.readInt32LE(12);
  if (total > buffer.length || rows < 0 || cols < 0) throw new RawBlockError(`raw block header does not fit its ${buffer.length} bytes`);
  const block = buffer.subarray(0, total);
  const schemaAt = HEADER_BYTES;
  const lengthsAt = schemaAt + cols * 5;
  let at = lengthsAt + cols * 4;
  const types: string[] = [];
  const cells: unknown[][] = Array.from({ length: rows }, () => new Array<unknown>(cols));
  for (let c = 0; c < cols; c++) {
    const type = block.readInt8(schemaAt + c * 5);
    const name = TYPE_NAMES.get(type);
    if (name === undefined) throw new RawBlockError(`raw block column ${c + 1} has type ${type}, which this reader does not know`);
    types.push(name);
    const length = block.readInt32LE(lengthsAt + c * 4);
    const width = FIXED_BYTES.get(type);
    if (width !== undefined) {
      const bitmap = at;
      const values = at + ((rows + 7) >> 3);
      for (let r = 0; r < rows; r++) {
        const isNull = (block[bitmap + (r >> 3)] & (1 << (7 - (r & 7)))) !== 0;
        cells[r][c] = isNull ? null : readFixed(block, values + r * width, type, precision);
      }
      at = values + rows * width;
      continue;
    }
    const data = at + rows * 4;
    for (let r = 0; r < rows; r++) {
      const offset = block.readInt32LE(at + r * 4);
      if (offset < 0) {
        cells[r][c] = null;
        continue;
      }
      const size = block.readUInt16LE(data + offset);
      cells[r][c] = readVariable(block.subarray(data + offset + 2, data + offset + 2 + size), type);
    }
    at = data + length;
  }
  return { rows, types, cells };
}

/** taosAdapter's binary WebSocket frame: uint64 timing (ns), uint64 req_id, uint64 message_id, then the payload. */
export function binaryFrame(reqId: bigint | number, messageId: bigint | number, payload: Buffer, timingNs: bigint = 0n): Buffer {
  const head = Buffer.alloc(24);
  head.writeBigUInt64LE(BigInt.asUintN(64, timingNs), 0);
  head.writeBigUInt64LE(BigInt.asUintN(64, BigInt(reqId)), 8);
  head.writeBigUInt64LE(BigInt.asUintN(64, BigInt(messageId)), 16);
  return Buffer.concat([head, payload]);
}

/** The parts of a binary frame (see binaryFrame). */
export function readBinaryFrame(frame: Buffer): { reqId: number; messageId: number; payload: Buffer } {
  if (frame.length < 24) throw new RawBlockError(`binary frame shorter than its 24-byte head (${frame.length} bytes)`);
  return { reqId: Number(frame.readBigUInt64LE(8)), messageId: Number(frame.readBigUInt64LE(16)), payload: frame.subarray(24) };
}
