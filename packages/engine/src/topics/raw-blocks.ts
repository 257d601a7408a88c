import type { Precision } from '../catalog/db-options';
import { TdCode, TdError } from '../errors';
import { encodeRawBlock, TYPE_CODES, type RawColumn } from '../format/raw-block';
import { FRACTION_DIGITS, UNITS_PER_MS } from '../format/timestamp';
import type { Block } from './model';

/**
 * A topic block (rows kept as the JSON text of REST cells) as TDengine's raw block, for the binary `fetch_block`
 * frame of the consume protocol. Cells are read back exactly: numbers keep their text (BIGINT past 2^53),
 * timestamps their fraction digits.
 */

type Cell = null | boolean | string | { number: string };

/** The cells of one row's JSON array text, numbers as their text. */
export function rowCells(text: string): Cell[] {
  const cells: Cell[] = [];
  let i = text.indexOf('[') + 1;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  for (;;) {
    skipSpace();
    if (i >= text.length || text[i] === ']') return cells;
    if (text[i] === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      cells.push(JSON.parse(text.slice(i, j + 1)) as string);
      i = j + 1;
    } else {
      let j = i;
      while (j < text.length && text[j] !== ',' && text[j] !== ']') j++;
      const token = text.slice(i, j).trim();
      cells.push(token === 'null' ? null : token === 'true' ? true : token === 'false' ? false : { number: token });
      i = j;
    }
    skipSpace();
    if (text[i] === ',') i++;
  }
}

/** A timestamp cell (RFC 3339 in UTC, or the bare number REST writes for years outside 1–9999) in the precision's units. */
export function timestampUnits(cell: string | { number: string }, precision: Precision): bigint {
  if (typeof cell !== 'string') return BigInt(cell.number);
  if (/^-?\d+$/.test(cell)) return BigInt(cell);
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/.exec(cell);
  const seconds = m ? Date.parse(`${m[1]}${m[3]}`) : NaN;
  if (!m || Number.isNaN(seconds)) throw new TdError(TdCode.INTERNAL_ERROR, `unreadable timestamp in a topic block: ${cell}`);
  const digits = FRACTION_DIGITS[precision];
  const fraction = BigInt((m[2] ?? '').padEnd(digits, '0').slice(0, digits) || '0');
  return BigInt(seconds) * UNITS_PER_MS[precision] + fraction;
}

function baseType(type: string): string {
  if (type === 'BINARY') return 'VARCHAR';
  return type.replace(/\(.*$/, '');
}

function columnValue(cell: Cell, type: number, precision: Precision): unknown {
  if (cell === null) return null;
  switch (type) {
    case TYPE_CODES.TIMESTAMP:
      return timestampUnits(cell as string | { number: string }, precision);
    case TYPE_CODES.BOOL:
      return cell === true || (typeof cell === 'object' && Number(cell.number) !== 0);
    case TYPE_CODES.BIGINT:
    case TYPE_CODES['BIGINT UNSIGNED']:
      return BigInt(typeof cell === 'object' ? cell.number : String(cell));
    case TYPE_CODES.VARBINARY:
    case TYPE_CODES.GEOMETRY:
    case TYPE_CODES.BLOB:
      return Buffer.from(String(cell), 'hex');
    case TYPE_CODES.VARCHAR:
    case TYPE_CODES.NCHAR:
      return typeof cell === 'object' ? cell.number : String(cell);
    case TYPE_CODES.JSON:
      return typeof cell === 'object' ? cell.number : typeof cell === 'string' ? JSON.stringify(cell) : String(cell);
    default:
      return Number(typeof cell === 'object' ? cell.number : cell);
  }
}

/** The schema's bytes of a column: fixed width, or the declared length plus the 2-byte length prefix (NCHAR: 4 bytes a character). */
function schemaBytes(type: number, length: number): number {
  if (type === TYPE_CODES.NCHAR) return length * 4 + 2;
  if (type === TYPE_CODES.VARCHAR || type === TYPE_CODES.VARBINARY || type === TYPE_CODES.GEOMETRY || type === TYPE_CODES.JSON || type === TYPE_CODES.BLOB) return length + 2;
  return length;
}

/** The TDengine type code of a REST column type, or a refusal for the types raw blocks are not written for here. */
export function typeCodeOf(type: string): number {
  const code = TYPE_CODES[baseType(type)];
  if (code === undefined) throw new TdError(TdCode.OPS_NOT_SUPPORT, `fetch_block: ${type} columns are sent in JSON fetch replies only`);
  return code;
}

/** The type code `fetch` reports for a REST column type (DECIMAL: 21 up to 18 digits, else 17, as TDengine stores them). */
export function fieldTypeCode(type: string): number {
  const decimal = /^DECIMAL\((\d+)/.exec(type);
  if (decimal) return Number(decimal[1]) <= 18 ? 21 : 17;
  return TYPE_CODES[baseType(type)] ?? 0;
}

/** The raw block of a topic block. */
export function topicRawBlock(block: Block, precision: Precision): Buffer {
  const rows = block.rows.map(rowCells);
  const columns: RawColumn[] = block.columns.map(([, type, length], c) => {
    const code = typeCodeOf(type);
    return { type: code, bytes: schemaBytes(code, length), values: rows.map((cells) => columnValue(cells[c] ?? null, code, precision)) };
  });
  return encodeRawBlock(columns, rows.length);
}
