import type pg from 'pg';

/**
 * Reading a PostgreSQL query with `COPY (query) TO STDOUT (FORMAT binary)`: rows arrive as one CopyData message
 * each and are decoded by column type straight into the row objects the cursor path gives (the same values pg's
 * text parsers answer), without pg's per-row message fields and text parsing (docs/benchmarks.md "Data in").
 */

type Row = Record<string, unknown>;
/** The text parser pg would use for a type (the source's own, incl. its UTC timestamps). */
export type TextParserOf = (oid: number) => (text: string) => unknown;

export const BOOL = 16;
export const INT8 = 20;
export const INT2 = 21;
export const INT4 = 23;
export const TEXT = 25;
export const NAME = 19;
export const FLOAT4 = 700;
export const FLOAT8 = 701;
export const BPCHAR = 1042;
export const VARCHAR = 1043;
export const TIMESTAMP = 1114;
export const TIMESTAMPTZ = 1184;
export const NUMERIC = 1700;

/** The types decoded from binary; a query with a column of any other type is read with the cursor. */
export const COPY_TYPES: ReadonlySet<number> = new Set([BOOL, INT8, INT2, INT4, TEXT, NAME, FLOAT4, FLOAT8, BPCHAR, VARCHAR, TIMESTAMP, TIMESTAMPTZ, NUMERIC]);

export type Decode = (buffer: Buffer, at: number, length: number) => unknown;

/** float4 as pg's text reads it: PostgreSQL prints the shortest decimal that reads back as the same float4. */
function float4(buffer: Buffer, at: number): number {
  const value = buffer.readFloatBE(at);
  if (!Number.isFinite(value)) return value;
  for (let digits = 1; digits < 9; digits++) {
    const shortest = Number(value.toPrecision(digits));
    if (Math.fround(shortest) === value) return shortest;
  }
  return Number(value.toPrecision(9));
}

const NUMERIC_NEGATIVE = 0x4000;
const NUMERIC_SPECIAL: Record<number, string> = { 0xc000: 'NaN', 0xd000: 'Infinity', 0xf000: '-Infinity' };

/** numeric as PostgreSQL prints it (pg answers numeric as that text): base-10000 digits, `dscale` decimals. */
function numeric(buffer: Buffer, at: number): string {
  const count = buffer.readInt16BE(at);
  const weight = buffer.readInt16BE(at + 2);
  const sign = buffer.readUInt16BE(at + 4);
  const dscale = buffer.readInt16BE(at + 6);
  if (sign in NUMERIC_SPECIAL) return NUMERIC_SPECIAL[sign];
  const digit = (i: number) => (i >= 0 && i < count ? buffer.readInt16BE(at + 8 + 2 * i) : 0);
  let text = sign === NUMERIC_NEGATIVE ? '-' : '';
  if (weight < 0) text += '0';
  for (let i = 0; i <= weight; i++) text += i === 0 ? String(digit(i)) : String(digit(i)).padStart(4, '0');
  if (dscale > 0) {
    let fraction = '';
    for (let i = weight + 1; fraction.length < dscale; i++) fraction += String(digit(i)).padStart(4, '0');
    text += `.${fraction.slice(0, dscale)}`;
  }
  return text;
}

/** Microseconds between 1970-01-01 and PostgreSQL's epoch, 2000-01-01. */
const PG_EPOCH_MS = 946_684_800_000;
const YEAR_1000_MS = Date.UTC(1000, 0, 1);
const YEAR_10000_MS = Date.UTC(10000, 0, 1);
const MICROS_PER_DAY = 86_400_000_000n;

const pad = (n: number | bigint, width: number) => String(n).padStart(width, '0');

/**
 * A timestamp's text as PostgreSQL prints it in this UTC session (`0044-03-15 01:02:03.5+00 BC`, `infinity`): the
 * values the fast path leaves out go through the same text parser as the cursor's, so both answer the same.
 */
export function timestampText(micros: bigint, withZone: boolean): string {
  if (micros === 0x7fffffffffffffffn) return 'infinity';
  if (micros === -0x8000000000000000n) return '-infinity';
  const sinceUnix = micros + BigInt(PG_EPOCH_MS) * 1000n;
  let days = sinceUnix / MICROS_PER_DAY;
  let ofDay = sinceUnix % MICROS_PER_DAY;
  if (ofDay < 0n) {
    ofDay += MICROS_PER_DAY;
    days -= 1n;
  }
  // Civil date from days since 1970-01-01 (proleptic Gregorian, as PostgreSQL counts).
  const z = days + 719_468n;
  const era = (z >= 0n ? z : z - 146_096n) / 146_097n;
  const dayOfEra = z - era * 146_097n;
  const yearOfEra = (dayOfEra - dayOfEra / 1_460n + dayOfEra / 36_524n - dayOfEra / 146_096n) / 365n;
  const dayOfYear = dayOfEra - (365n * yearOfEra + yearOfEra / 4n - yearOfEra / 100n);
  const mp = (5n * dayOfYear + 2n) / 153n;
  const day = dayOfYear - (153n * mp + 2n) / 5n + 1n;
  const month = mp < 10n ? mp + 3n : mp - 9n;
  const year = yearOfEra + era * 400n + (month <= 2n ? 1n : 0n);
  const seconds = ofDay / 1_000_000n;
  const fraction = ofDay % 1_000_000n;
  let text = `${pad(year > 0n ? year : 1n - year, 4)}-${pad(month, 2)}-${pad(day, 2)} ${pad(seconds / 3600n, 2)}:${pad((seconds / 60n) % 60n, 2)}:${pad(seconds % 60n, 2)}`;
  if (fraction > 0n) text += `.${pad(fraction, 6).replace(/0+$/, '')}`;
  if (withZone) text += '+00';
  return year > 0n ? text : `${text} BC`;
}

/** A timestamp (microseconds since 2000-01-01) as epoch ms while exact and in years 1000-9999; else null. */
export function timestampMs(buffer: Buffer, at: number): number | null {
  const high = buffer.readInt32BE(at);
  // Below 2^53 microseconds (about 285 years from 2000) the number is exact.
  if (high > -0x200000 && high < 0x200000) {
    const ms = Math.floor((high * 0x1_0000_0000 + buffer.readUInt32BE(at + 4)) / 1000) + PG_EPOCH_MS;
    if (ms >= YEAR_1000_MS && ms < YEAR_10000_MS) return ms;
  }
  return null;
}

/** A timestamp outside timestampMs's range, through the same text parser as the cursor's (BC, infinity …). */
export const timestampOther = (buffer: Buffer, at: number, oid: number, parse: (text: string) => unknown) => parse(timestampText(buffer.readBigInt64BE(at), oid === TIMESTAMPTZ));

/** A timestamp as the Date the cursor's parser gives; by number while exact. */
function timestampDecoder(oid: number, parserOf: TextParserOf): Decode {
  const parse = parserOf(oid);
  return (buffer, at) => {
    const ms = timestampMs(buffer, at);
    return ms === null ? timestampOther(buffer, at, oid, parse) : new Date(ms);
  };
}

export function decoderOf(oid: number, parserOf: TextParserOf): Decode {
  switch (oid) {
    case BOOL:
      return (buffer, at) => buffer[at] !== 0;
    case INT2:
      return (buffer, at) => buffer.readInt16BE(at);
    case INT4:
      return (buffer, at) => buffer.readInt32BE(at);
    // pg answers int8 as text (beyond 2^53 a number would lose digits).
    case INT8:
      return (buffer, at) => buffer.readBigInt64BE(at).toString();
    case FLOAT4:
      return float4;
    case FLOAT8:
      return (buffer, at) => buffer.readDoubleBE(at);
    case NUMERIC:
      return numeric;
    case TIMESTAMP:
    case TIMESTAMPTZ:
      return timestampDecoder(oid, parserOf);
    case TEXT:
    case NAME:
    case BPCHAR:
    case VARCHAR:
      return (buffer, at, length) => buffer.toString('utf8', at, at + length);
    default:
      throw new Error(`no binary COPY decoder for type ${oid}`);
  }
}

export interface CopyField {
  name: string;
  dataTypeID: number;
}

/** `PGCOPY\n\xff\r\n\0`, then flags and the header extension's length. */
const SIGNATURE_BYTES = 11;

/** Where a CopyData payload's row starts: past the file header in the first message. */
export function rowStarter(): (buffer: Buffer, start: number) => number {
  let headerRead = false;
  return (buffer, start) => {
    if (headerRead) return start;
    if (buffer.toString('latin1', start, start + 6) !== 'PGCOPY') throw new Error('not a binary COPY stream');
    const at = start + SIGNATURE_BYTES + 4;
    headerRead = true;
    return at + 4 + buffer.readInt32BE(at);
  };
}

/** A row's field count at `at`: -1 for the trailer; any other count than `expected` is an error. */
export function fieldCount(buffer: Buffer, at: number, expected: number): number {
  const count = buffer.readInt16BE(at);
  if (count !== -1 && count !== expected) throw new Error(`binary COPY row of ${count} fields, ${expected} expected`);
  return count;
}

/**
 * Decodes one CopyData message's payload (from `start` in `buffer`) into a row, or null for the trailer. PostgreSQL
 * sends each row as one message, the first one led by the file header. The buffer may be reused after the call
 * (pg's parser reuses its own): decode before returning.
 */
export function copyRowDecoder(fields: CopyField[], parserOf: TextParserOf): (buffer: Buffer, start: number) => Row | null {
  const names = fields.map((field) => field.name);
  const decoders = fields.map((field) => decoderOf(field.dataTypeID, parserOf));
  const rowStart = rowStarter();
  return (buffer, start) => {
    let at = rowStart(buffer, start);
    const count = fieldCount(buffer, at, decoders.length);
    if (count === -1) return null;
    at += 2;
    const row: Row = {};
    for (let i = 0; i < count; i++) {
      const length = buffer.readInt32BE(at);
      at += 4;
      if (length < 0) {
        row[names[i]] = null;
        continue;
      }
      row[names[i]] = decoders[i](buffer, at, length);
      at += length;
    }
    return row;
  };
}

/** Where a CopyOut puts its rows: CopyData payloads in, chunks out. */
export interface CopySink<T> {
  /** Decodes one CopyData payload; false for the trailer. */
  add(buffer: Buffer, start: number): boolean;
  /** Rows added since the last take. */
  readonly count: number;
  take(): T;
}

/** Rows as objects (copyRowDecoder), in arrays. */
export function rowSink(decode: (buffer: Buffer, start: number) => Row | null): CopySink<Row[]> {
  let rows: Row[] = [];
  return {
    add(buffer, start) {
      const row = decode(buffer, start);
      if (row === null) return false;
      rows.push(row);
      return true;
    },
    get count() {
      return rows.length;
    },
    take() {
      const taken = rows;
      rows = [];
      return taken;
    },
  };
}

/** pg's connection as a submitted query sees it (the parts used here). */
interface PgConnection {
  query(text: string): void;
  stream: NodeJS.ReadableStream;
}

type DataListener = (chunk: Buffer) => void;

const COPY_DATA = 0x64; // 'd'
const READY_FOR_QUERY = 0x5a; // 'Z'
/** A protocol message's head: its type byte and its length (which counts itself, not the type byte). */
const HEAD_BYTES = 5;

/**
 * A COPY … TO STDOUT run on a pg client (a pg Submittable: the client hands it the protocol messages). While it
 * runs it takes the socket's data from pg's parser and reads the CopyData messages off the socket's chunks itself,
 * decoding each row in place: pg's parser made a Buffer and a message object for every row, which with their
 * garbage were about a microsecond a row (docs/benchmarks.md "Data in", fourth pass). Every other message (the
 * COPY's start, its end, errors, notices) goes on to pg's parser whole, and at ReadyForQuery the socket is handed
 * back to it. Rows are gathered in chunks of `chunkRows`; the socket is paused while two chunks wait, so a window
 * of millions of rows holds a few chunks in memory, not the result.
 */
export class CopyOut<T = Row[]> implements pg.Submittable {
  private readonly ready: T[] = [];
  private done = false;
  private error: Error | undefined;
  private abandoned = false;
  private paused = false;
  private stream: NodeJS.ReadableStream | undefined;
  private wake: (() => void) | undefined;
  /** The bytes of a message cut by the end of a socket chunk, waiting for the rest. */
  private partial: Buffer | undefined;

  constructor(
    private readonly text: string,
    private readonly sink: CopySink<T>,
    private readonly chunkRows: number,
  ) {}

  submit(connection: PgConnection): void {
    this.stream = connection.stream;
    this.takeSocket(connection.stream);
    connection.query(this.text);
  }

  /**
   * Puts this reader between the socket and pg's parser until ReadyForQuery. pg's client submits a query only
   * once the one before it is answered to its ReadyForQuery, so pg's parser holds no bytes at this point. With
   * any other listener on the socket's data than pg's one, nothing is taken: rows come through handleCopyData.
   */
  private takeSocket(stream: NodeJS.ReadableStream): void {
    const listeners = stream.listeners('data');
    if (listeners.length !== 1) return;
    const pgData = listeners[0] as DataListener;
    const ours: DataListener = (data) => {
      let buffer = data;
      if (this.partial) {
        buffer = Buffer.concat([this.partial, data]);
        this.partial = undefined;
      }
      let at = 0;
      while (buffer.length - at >= HEAD_BYTES) {
        const end = at + 1 + buffer.readInt32BE(at + 1);
        if (end > buffer.length) break;
        const code = buffer[at];
        if (code === COPY_DATA) {
          this.row(buffer, at + HEAD_BYTES);
        } else if (code === READY_FOR_QUERY) {
          // Handed back first: pg may submit its next query (another CopyOut) while it reads this message.
          stream.removeListener('data', ours);
          stream.on('data', pgData);
          pgData(buffer.subarray(at));
          return;
        } else {
          pgData(buffer.subarray(at, end));
        }
        at = end;
      }
      if (at < buffer.length) this.partial = buffer.subarray(at);
    };
    stream.removeListener('data', pgData);
    stream.on('data', ours);
  }

  /** pg's CopyData message: only when the socket could not be taken. */
  handleCopyData(message: { chunk: Buffer }): void {
    this.row(message.chunk, 0);
  }

  private row(buffer: Buffer, start: number): void {
    if (this.abandoned || this.error) return;
    try {
      if (!this.sink.add(buffer, start)) return;
    } catch (error) {
      // The rest of the stream is still read off the connection; the error is told once it ended.
      this.error = error as Error;
      return;
    }
    if (this.sink.count < this.chunkRows) return;
    this.ready.push(this.sink.take());
    if (this.ready.length >= 2 && !this.paused) {
      this.paused = true;
      this.stream?.pause();
    }
    this.notify();
  }

  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(connection: { sendCopyFail(message: string): void }): void {
    connection.sendCopyFail('not a COPY FROM');
  }

  handleReadyForQuery(): void {
    if (this.sink.count > 0) this.ready.push(this.sink.take());
    this.finish();
  }

  handleError(error: Error): void {
    this.error ??= error;
    this.finish();
  }

  private finish(): void {
    this.done = true;
    this.resume();
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.stream?.resume();
  }

  /** The rows in chunks. Ending early leaves the rest to be read off the connection and dropped. */
  async *chunks(): AsyncGenerator<T> {
    try {
      for (;;) {
        const chunk = this.ready.shift();
        if (chunk) {
          if (this.ready.length < 2) this.resume();
          yield chunk;
          continue;
        }
        if (this.done) break;
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
      if (this.error) throw this.error;
    } finally {
      if (!this.done) {
        this.abandoned = true;
        this.ready.length = 0;
        if (this.sink.count > 0) this.sink.take();
        this.resume();
      }
    }
  }
}
