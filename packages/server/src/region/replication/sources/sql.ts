import pg from 'pg';
import mysql from 'mysql2';
import type { TaskValues } from '@tscloud/contracts';
import type { ColumnBatch, ColumnChunk, SourceBatch, SourceProgress, SourceReader, SourceRecord } from '../pipeline/types';
import { chunkBytes } from '../transform/column-batch';
import { COPY_TYPES, CopyOut, copyRowDecoder, rowSink, type CopyField } from './pg-copy';
import { columnSink } from './pg-copy-columns';
import { fillTemplate, type SqlDialect } from './sql-template';
import { pinTarget, type TargetGuard } from './target';
import { durationParam, integer, sleep, text, timeMs } from './values';

const TIMESTAMP_WITHOUT_TZ = 1114;
const TIMESTAMP_WITH_TZ = 1184;

const digitsAt = (text: string, from: number, count: number): number => {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
};

/**
 * PostgreSQL's text of a timestamp in this UTC session (`2026-01-01 00:00:00.123456+00`, the offset only with time
 * zone) as epoch ms, read by position: pg's own parser (a regular expression and Date fields per value) was the
 * largest cost of reading a row. Null for any other shape (BC, infinity, years before 1000): those take pg's parser.
 */
export function utcTimestampMs(text: string): number | null {
  if (text.length < 19 || text.charCodeAt(4) !== 45 || text.charCodeAt(10) !== 32) return null;
  const year = digitsAt(text, 0, 4);
  let at = 19;
  let ms = 0;
  if (text.charCodeAt(at) === 46) {
    // Microseconds are cut to the millisecond, as pg's parser does.
    let scale = 100;
    for (at++; at < text.length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57; at++, scale /= 10) ms += (text.charCodeAt(at) - 48) * scale;
    ms = Math.floor(ms);
  }
  let offsetMinutes = 0;
  if (at < text.length) {
    const sign = text.charCodeAt(at) === 43 ? 1 : text.charCodeAt(at) === 45 ? -1 : 0;
    const rest = text.length - at - 1;
    if (sign === 0 || (rest !== 2 && rest !== 5)) return null;
    offsetMinutes = sign * (digitsAt(text, at + 1, 2) * 60 + (rest === 5 ? digitsAt(text, at + 4, 2) : 0));
  }
  const epoch = Date.UTC(year, digitsAt(text, 5, 2) - 1, digitsAt(text, 8, 2), digitsAt(text, 11, 2), digitsAt(text, 14, 2), digitsAt(text, 17, 2), ms) - offsetMinutes * 60_000;
  return year >= 1000 && Number.isFinite(epoch) ? epoch : null;
}

/** pg reads `timestamp without time zone` as local time; the session is UTC, so read it as UTC. */
function utcTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  const pgParser = pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
  if (format === 'binary') return pgParser;
  if (oid === TIMESTAMP_WITHOUT_TZ) {
    return (value) => {
      const ms = utcTimestampMs(value);
      return ms === null ? new Date(`${value.replace(' ', 'T')}Z`) : new Date(ms);
    };
  }
  if (oid === TIMESTAMP_WITH_TZ) {
    return (value) => {
      const ms = utcTimestampMs(value);
      return ms === null ? pgParser(value) : new Date(ms);
    };
  }
  return pgParser;
}

type Row = Record<string, unknown>;

/** One connection to a SQL source, in UTC, answering rows as plain objects. */
export interface SqlConnection {
  query(sql: string): Promise<Row[]>;
  /**
   * The rows of a query, streamed in chunks of at most CHUNK_ROWS: memory holds a chunk, not the result (a history
   * window may be millions). Chunks, not rows: an await per row cost more than reading it.
   */
  rows(sql: string): AsyncGenerator<Row[]>;
  /**
   * The same rows, in column chunks where the source can make them (PostgreSQL's binary COPY of distinct column
   * names), else as rows (pipeline/types.ts ColumnChunk).
   */
  chunks(sql: string): AsyncGenerator<Row[] | ColumnChunk>;
  close(): Promise<void>;
}

/** Rows fetched per round trip from a PostgreSQL cursor (and buffered from a MySQL stream). */
const CHUNK_ROWS = 10_000;

export interface SqlReadOptions {
  /** PostgreSQL: read rows with binary COPY where its types allow (default), or always with a cursor. */
  postgresCopy?: boolean;
}

export async function connectSql(dialect: SqlDialect, values: TaskValues, timeoutMs = 10_000, options: SqlReadOptions = {}): Promise<SqlConnection> {
  const connection = {
    host: text(values, 'host', '127.0.0.1'),
    port: integer(values, 'port', dialect === 'postgres' ? 5432 : 3306),
    database: text(values, 'database'),
    user: text(values, 'username'),
    password: text(values, 'password'),
  };
  if (dialect === 'postgres') {
    const client = new pg.Client({ ...connection, connectionTimeoutMillis: timeoutMs, options: '-c TimeZone=UTC', types: { getTypeParser: utcTypeParser } });
    await client.connect();
    const query = async (sql: string) => (await client.query(sql)).rows as Row[];
    // A server-side cursor in a read-only transaction; ending the generator early (return()) closes it.
    async function* cursorRows(sql: string): AsyncGenerator<Row[]> {
      await query('BEGIN READ ONLY');
      try {
        await query(`DECLARE datain_window NO SCROLL CURSOR FOR ${sql}`);
        for (;;) {
          const chunk = await query(`FETCH FORWARD ${CHUNK_ROWS} FROM datain_window`);
          if (chunk.length > 0) yield chunk;
          if (chunk.length < CHUNK_ROWS) break;
        }
      } finally {
        await query('COMMIT');
      }
    }
    /** The query's columns when binary COPY can decode them all; null otherwise (or when it cannot be described). */
    async function copyFields(sql: string): Promise<CopyField[] | null> {
      try {
        const { fields } = await client.query(`SELECT * FROM (${sql}) AS datain_window LIMIT 0`);
        return fields.every((field) => COPY_TYPES.has(field.dataTypeID)) ? fields : null;
      } catch {
        // Not a query COPY could wrap either: the cursor tells its error.
        return null;
      }
    }
    const parserOf = (oid: number) => utcTypeParser(oid, 'text');
    const copyText = (sql: string) => `COPY (${sql}) TO STDOUT (FORMAT binary)`;
    async function* rows(sql: string): AsyncGenerator<Row[]> {
      const fields = options.postgresCopy === false ? null : await copyFields(sql);
      if (fields === null) {
        yield* cursorRows(sql);
        return;
      }
      yield* client.query(new CopyOut(copyText(sql), rowSink(copyRowDecoder(fields, parserOf)), CHUNK_ROWS)).chunks();
    }
    return {
      query,
      rows,
      async *chunks(sql) {
        const fields = options.postgresCopy === false ? null : await copyFields(sql);
        const names = fields?.map((field) => field.name);
        // A row object keeps one of two same-named columns and takes __proto__ as its prototype: those stay rows.
        if (fields === null || new Set(names).size !== fields.length || names!.includes('__proto__')) {
          yield* rows(sql);
          return;
        }
        yield* client.query(new CopyOut(copyText(sql), columnSink(fields, parserOf, CHUNK_ROWS), CHUNK_ROWS)).chunks();
      },
      close: () => client.end(),
    };
  }
  // The callback connection streams rows; its promise wrapper answers the plain queries.
  const core = mysql.createConnection({ ...connection, connectTimeout: timeoutMs, timezone: 'Z', charset: text(values, 'charset', 'utf8mb4'), dateStrings: false });
  const client = core.promise();
  try {
    await client.connect();
    await client.query("SET time_zone = '+00:00'");
  } catch (error) {
    core.destroy();
    throw error;
  }
  // The async iterator of the row stream applies backpressure.
  async function* rows(sql: string): AsyncGenerator<Row[]> {
    let chunk: Row[] = [];
    for await (const row of core.query(sql).stream({ highWaterMark: CHUNK_ROWS }) as AsyncIterable<Row>) {
      chunk.push(row);
      if (chunk.length >= CHUNK_ROWS) {
        yield chunk;
        chunk = [];
      }
    }
    if (chunk.length > 0) yield chunk;
  }
  return {
    query: async (sql) => (await client.query(sql))[0] as Row[],
    rows,
    chunks: rows,
    close: () => client.end(),
  };
}

/** While following new rows, the smallest window queried (so an idle source is not asked every millisecond). */
const FOLLOW_STEP_MS = 1_000;

/**
 * A SQL source's position: the start of the window being read, how many of that window's rows the stored counters
 * already hold, and the table progress up to the window start. A window's rows come in no order a restart could
 * skip by (no ORDER BY is required), so a restart reads the window again; `counted` says how many of those rows
 * to leave out of the counters, so they count each row once (docs/data-in.md "The runner").
 */
export interface SqlPosition {
  windowStart: number;
  counted: number;
  doneBefore: number;
}

/** `<window start ms>` or `<window start ms>:<counted>:<done before>` (the short form when both are 0). */
export function formatSqlPosition({ windowStart, counted, doneBefore }: SqlPosition): string {
  return counted === 0 && doneBefore === 0 ? String(windowStart) : `${windowStart}:${counted}:${doneBefore}`;
}

export function parseSqlPosition(text: string): SqlPosition {
  const [windowStart, counted = 0, doneBefore = 0] = text.split(':').map(Number);
  if (![windowStart, counted, doneBefore].every(Number.isFinite)) throw new Error(`not a SQL source position: ${text}`);
  return { windowStart, counted, doneBefore };
}

/**
 * A SQL source (PostgreSQL, MySQL/MariaDB): the template runs once per window of `interval` from the start time,
 * up to the end time, or, without one, up to now minus `delay` and then following new rows as time passes. The
 * position (SqlPosition) holds the start of the window being read; a window's rows are streamed (PostgreSQL cursor,
 * MySQL row stream) in batches of at most `max` and, until the batch that finds the window read, the position stays
 * at its start (a restart reads the window again: same-timestamp rows overwrite in the target, nothing is lost, and
 * the rows the counters already hold come as `alreadyCounted`). Records are the rows' columns.
 */
export class SqlSource implements SourceReader {
  private connection: SqlConnection | undefined;
  private cursor = 0;
  /** The window being read: its chunks of rows, the chunk being handed out (and how far), and its end. */
  private window: { rows: AsyncGenerator<Row[] | ColumnChunk>; chunk: Row[] | ColumnChunk; taken: number; end: number } | undefined;
  /** Whether the reader hands out column batches (offerColumns) where the connection reads column chunks. */
  private columnsOffered = false;
  /** Rows of the current window read by this run, and how many of them the counters held before it (a resume). */
  private readInWindow = 0;
  private countedInWindow = 0;
  /** Rows of the windows before the cursor (table progress, resume-safe through the position). */
  private doneBefore = 0;
  private total: number | null = null;
  private readonly template: string;
  private readonly start: number;
  private readonly end: number | null;
  private readonly intervalMs: number;
  private readonly delayMs: number;

  constructor(
    private readonly dialect: SqlDialect,
    private readonly values: TaskValues,
    private readonly now: () => number = Date.now,
    private readonly guard?: TargetGuard,
  ) {
    this.template = text(values, 'sql');
    const at = now();
    this.start = timeMs(values, 'start_time', at) ?? at;
    this.end = timeMs(values, 'end_time', at);
    this.intervalMs = durationParam(values, 'interval', 'd', 1);
    this.delayMs = durationParam(values, 'delay', 's', 10);
    if (this.intervalMs <= 0) throw new Error('the query interval must be positive');
  }

  async open(from: string | null): Promise<void> {
    // The target guard first (target.ts): the connection goes to the address it checked.
    this.connection = await connectSql(this.dialect, await pinTarget(this.dialect, this.values, this.guard));
    const position = from === null ? { windowStart: this.start, counted: 0, doneBefore: 0 } : parseSqlPosition(from);
    this.cursor = position.windowStart;
    this.countedInWindow = position.counted;
    this.doneBefore = position.doneBefore;
    if (this.end !== null) {
      // History tasks know their size: one count over the whole range gives the table progress's total.
      const [row] = await this.connection.query(`SELECT COUNT(*) AS n FROM (${fillTemplate(this.template, this.start, this.end, this.dialect)}) AS whole`);
      this.total = Number(row?.n ?? 0);
    }
  }

  async next(max: number, waitMs: number): Promise<SourceBatch | null> {
    if (!this.window) {
      if (this.end !== null && this.cursor >= this.end) return null;
      // An end time still ahead is followed like no end time until it is reached.
      const limit = Math.min(this.end ?? Infinity, this.now() - this.delayMs);
      const windowEnd = Math.min(this.cursor + this.intervalMs, limit);
      const step = Math.min(this.intervalMs, FOLLOW_STEP_MS);
      if (windowEnd - this.cursor < step && windowEnd !== this.end) {
        // Following: wait until at least a step of time (now minus the delay) lies past the cursor.
        await sleep(Math.max(1, Math.min(waitMs, this.cursor + step - limit)));
        return { records: [], bytes: 0, position: this.position() };
      }
      const sql = fillTemplate(this.template, this.cursor, windowEnd, this.dialect);
      this.window = { rows: this.columnsOffered ? this.connection!.chunks(sql) : this.connection!.rows(sql), chunk: [], taken: 0, end: windowEnd };
    }
    const records: SourceRecord[] = [];
    const columns: ColumnBatch = { slices: [], length: 0 };
    let bytes = 0;
    let alreadyCounted = 0;
    const window = this.window;
    while (records.length + columns.length < max) {
      const chunk = window.chunk;
      if (window.taken < chunk.length && !Array.isArray(chunk)) {
        // A column chunk: a slice of it, counted as its rows would be.
        const from = window.taken;
        const to = Math.min(chunk.length, from + max - columns.length);
        columns.slices.push({ chunk, from, to });
        columns.length += to - from;
        window.taken = to;
        const repeated = Math.min(to - from, Math.max(0, this.countedInWindow - this.readInWindow));
        this.readInWindow += to - from;
        alreadyCounted += repeated;
        if (from + repeated < to) bytes += chunkBytes(chunk, from + repeated, to);
        continue;
      }
      if (window.taken < chunk.length) {
        const row = (chunk as Row[])[window.taken++];
        records.push({ fields: row });
        this.readInWindow += 1;
        if (this.readInWindow <= this.countedInWindow) alreadyCounted += 1;
        else bytes += approximateBytes(row);
        continue;
      }
      const step = await window.rows.next();
      if (!step.done) {
        window.chunk = step.value;
        window.taken = 0;
      } else {
        // The window is read: the position moves to its end with this batch.
        this.doneBefore += this.windowRows();
        this.cursor = this.window.end;
        this.window = undefined;
        this.readInWindow = 0;
        this.countedInWindow = 0;
        break;
      }
    }
    const batch: SourceBatch = { records, bytes, position: this.position(), alreadyCounted };
    if (columns.length > 0) batch.columns = columns;
    return batch;
  }

  /** Rows of the current window the counters hold: those read before a restart, or more since. */
  private windowRows(): number {
    return Math.max(this.readInWindow, this.countedInWindow);
  }

  private position(): string {
    return formatSqlPosition({ windowStart: this.cursor, counted: this.windowRows(), doneBefore: this.doneBefore });
  }

  async committed(): Promise<void> {}

  offerColumns(): void {
    this.columnsOffered = true;
  }

  progress(): SourceProgress {
    return { tables: [{ name: text(this.values, 'database'), done: this.doneBefore + this.windowRows(), total: this.total }] };
  }

  async close(): Promise<void> {
    await this.window?.rows.return(undefined);
    this.window = undefined;
    await this.connection?.close();
    this.connection = undefined;
  }
}

function approximateBytes(fields: Record<string, unknown>): number {
  let bytes = 0;
  for (const key in fields) {
    const value = fields[key];
    bytes += typeof value === 'string' ? value.length : 8;
  }
  return bytes;
}
