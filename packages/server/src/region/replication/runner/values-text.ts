import { quoteText } from '@tscloud/contracts/sql';

/**
 * The VALUES text of a task's INSERT statements (engine-writer.ts). Written byte by byte into one reused buffer and
 * read out as one string: concatenating five pieces a row made as many intermediate strings, about a microsecond a
 * row of the worker's time with its garbage (docs/benchmarks.md "Data in", fourth pass).
 */

const NANOSECOND_DIGITS = /^\d{16,}$/;

/** A value as an SQL literal of the INSERT. */
export function literal(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // A nanosecond timestamp travels as a text of digits (beyond 2^53); unquoted it is the number itself.
  if (typeof value === 'string' && NANOSECOND_DIGITS.test(value)) return value;
  return quoteText(String(value));
}

const OPEN = 0x28; // (
const CLOSE = 0x29; // )
const COMMA = 0x2c;
const ZERO = 0x30;

/** One worker's text buffer: a worker writes one statement at a time, synchronously. */
let buffer = Buffer.allocUnsafe(1 << 20);
let length = 0;

function room(bytes: number): void {
  if (length + bytes <= buffer.length) return;
  const larger = Buffer.allocUnsafe(Math.max(buffer.length * 2, length + bytes));
  buffer.copy(larger, 0, 0, length);
  buffer = larger;
}

function byte(code: number): void {
  room(1);
  buffer[length++] = code;
}

/** A non-negative safe integer's digits (the text String() gives), without making the string. */
function digits(value: number): void {
  let count = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) count++;
  room(count);
  let at = length + count;
  length = at;
  let rest = value;
  do {
    buffer[--at] = ZERO + (rest % 10);
    rest = Math.floor(rest / 10);
  } while (rest > 0);
}

/** An ASCII text (a number's) copied by char code: shorter than a call into the buffer's encoder. */
function ascii(text: string): void {
  const count = text.length;
  room(count);
  for (let i = 0; i < count; i++) buffer[length++] = text.charCodeAt(i);
}

function value(value: unknown): void {
  if (typeof value === 'number') {
    if (value >= 0 && Number.isSafeInteger(value)) digits(value);
    else ascii(Number.isFinite(value) ? String(value) : 'NULL');
    return;
  }
  const text = literal(value);
  room(3 * text.length);
  length += buffer.write(text, length, 'utf8');
}

/** `(v1,v2)(v1,v2)…` of the rows' columns `names`, each value as `literal` writes it. */
export function valuesText(rows: ReadonlyArray<{ columns: Record<string, unknown> }>, names: readonly string[]): string {
  length = 0;
  for (const row of rows) {
    const columns = row.columns;
    byte(OPEN);
    for (let c = 0; c < names.length; c++) {
      if (c > 0) byte(COMMA);
      value(columns[names[c]]);
    }
    byte(CLOSE);
  }
  return buffer.toString('utf8', 0, length);
}
