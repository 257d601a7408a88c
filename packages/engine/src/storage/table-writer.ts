import { DuckDBDataChunk, INTEGER, type DuckDBConnection, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import { TdCode, TdError } from '../errors';
import { fillColumn, fillTableId, fillTimestamps } from './chunk-fill';
import { TID_COLUMN, dbAlias, quoteIdent, quoteString, qualified } from './names';
import type { Storage } from './storage';
import { WriteEvents, type RowsWrittenEvent } from './write-events';
import { decodeWrite, encodeWrite } from './write-buffer/rows-codec';
import { WriteLog } from './write-buffer/write-log';

/** DuckDB's standard vector size: the most rows one data chunk holds. */
const CHUNK_ROWS = 2048;
/**
 * Most rows a lone append may hold: DuckDB's appender flushes (and so commits) by itself every 204,800 rows, so a
 * larger one would not be one transaction.
 */
const SINGLE_FLUSH_ROWS = 100_000;
/** Late rows are deleted in batches of this many row identities (rowIdentity) per DELETE. */
const DELETE_BATCH = 1000;

/**
 * The table's columns changed (ALTER) between reading the schema and appending: the statement is retried with the
 * new schema (TDengine clients do the same on a schema-version mismatch).
 */
export class SchemaChangedError extends TdError {
  constructor() {
    super(TdCode.TDB_INVALID_TABLE_SCHEMA_VER, 'Invalid table schema version');
  }
}

/**
 * A physical table: name, the physical name of its timestamp column (and of its composite key, if any), DuckDB types
 * of its columns after the tid.
 */
export interface DataTable {
  name: string;
  tsColumn: string;
  /**
   * The composite key (the second column, declared PRIMARY KEY): rows are then identified by (ts, key) instead of ts
   * alone (see rowIdentity). Its values are the first data column of the rows written (`columns[0]`).
   */
  keyColumn?: string;
  types: DuckDBType[];
}

/**
 * The values of one column, ready for DuckDB: an array, or for numeric columns without NULLs the packed numbers
 * (what the INSERT and line-protocol fast paths produce; see exec/insert-columns.ts, schemaless/apply-lines.ts);
 * a BIGINT column packs only safe integers. chunk-fill.ts copies packed columns into the vectors.
 */
export type StoredColumn = DuckDBValue[] | Float64Array;

/**
 * Rows for one table id, column-major: `ts[i]` with `columns[c][i]` (the data columns after the timestamp), values
 * ready for DuckDB. Column-major because that is what a data chunk takes: no per-row arrays on the hot path.
 * Timestamps are bigints, or packed: exact integers in a Float64Array (the line-protocol fast path's, when every one
 * is a safe integer: no bigint per row). Listeners of write events that need bigints convert (timestampAt).
 */
export interface TableRows {
  tid: number;
  ts: bigint[] | Float64Array;
  columns: StoredColumn[];
  /**
   * Data columns (indexes into `columns`) the statement did not name (`insert into t (ts, v) …`): a row whose
   * timestamp is already stored keeps its stored values there, as TDengine merges a partial row into the stored
   * one. Their values here are NULL arrays.
   */
  omitted?: readonly number[];
}

/** Timestamp i of the rows as a bigint, packed or not. */
export const timestampAt = (rows: TableRows, i: number): bigint => {
  const ts = rows.ts[i];
  return typeof ts === 'bigint' ? ts : BigInt(ts);
};

/** Tag-table rows of child tables created by the same statement: [tid, tbname, ctime, ...tags]. */
export interface NewTagRows {
  table: DataTable;
  rows: DuckDBValue[][];
}

export interface WriteRequest {
  data: { table: DataTable; tables: TableRows[] }[];
  newTags?: NewTagRows[];
}

/**
 * Appends rows with TDengine's "same row replaces" rule (a row is its timestamp, or with a composite key its
 * timestamp and key: rowIdentity). Keeps the newest ts per tid in memory; rows newer than it are appended directly,
 * those at or before it first delete their stored twin. One transaction per request.
 */
export class TableWriter {
  /** db → physical table → tid → newest ts */
  private readonly lastTs = new Map<string, Map<string, Map<number, bigint>>>();

  /** `events`: where committed writes are announced (topics, streams); see storage/write-events.ts */
  constructor(
    private readonly storage: Storage,
    readonly events: WriteEvents = new WriteEvents(),
  ) {
    // a drain that fails leaves the log as the only copy of buffered rows; the next statement writes it again
    // (Storage.restoreHeld)
    storage.rewriteLostRows = (db) => this.rewriteLog(db);
  }

  /** Forgets cached timestamps (after DROP/DELETE the cache may only be too high, which is safe; this is for drops). */
  forget(db: string, table?: string): void {
    if (table === undefined) this.lastTs.delete(db);
    else this.lastTs.get(db)?.delete(table);
  }

  private async newest(conn: DuckDBConnection, db: string, table: DataTable): Promise<Map<number, bigint>> {
    let byTable = this.lastTs.get(db);
    if (!byTable) this.lastTs.set(db, (byTable = new Map()));
    let byTid = byTable.get(table.name);
    if (!byTid) {
      await this.storage.settleHeld(db);
      byTid = new Map();
      const reader = await conn.runAndReadAll(`SELECT ${quoteIdent(TID_COLUMN)}, max(${quoteIdent(table.tsColumn)}) FROM ${qualified(db, table.name)} GROUP BY 1`);
      for (const [tid, ts] of reader.getRows()) byTid.set(Number(tid), ts as bigint);
      byTable.set(table.name, byTid);
    }
    return byTid;
  }

  /**
   * Writes the request atomically; returns the number of rows written. `lockHeld`: the caller already holds the
   * database's write lock (Storage.withWriteLocks). `rewriting`: the rows come from the write log (rewriteLog),
   * so they are neither buffered nor announced again.
   */
  async write(db: string, request: WriteRequest, lockHeld = false, rewriting = false): Promise<number> {
    if (!lockHeld) return this.storage.writer(db).lock.run(() => this.write(db, request, true));
    const { conn, buffer } = this.storage.writer(db);
    await this.storage.restoreHeld(db);
    const updates: [Map<number, bigint>, number, bigint][] = [];
    const plans: { table: DataTable; parts: TableRows[]; late: StoredRow[]; partial: { rows: TableRows; late: number }[] }[] = [];
    let count = 0;
    for (const { table, tables } of request.data) {
      const newest = await this.newest(conn, db, table);
      const late: StoredRow[] = [];
      const parts: TableRows[] = [];
      const partial: { rows: TableRows; late: number }[] = [];
      for (const part of tables) {
        const rows = dedupeRows(table, part);
        const keys = keyValues(table, rows);
        const last = newest.get(rows.tid);
        // rows are in ts order: the late ones are a prefix (a packed ts compares with the bigint exactly)
        const lateBefore = late.length;
        if (last !== undefined) for (let i = 0; i < rows.ts.length && rows.ts[i] <= last; i++) late.push(storedRow(rows, keys, i));
        if (rows.omitted?.length && late.length > lateBefore) partial.push({ rows, late: late.length - lateBefore });
        if (rows.ts.length > 0) {
          const top = BigInt(rows.ts[rows.ts.length - 1]);
          if (last === undefined || top > last) updates.push([newest, rows.tid, top]);
        }
        parts.push(rows);
        count += rows.ts.length;
      }
      plans.push({ table, parts, late, partial });
    }
    const newTags = (request.newTags ?? []).filter((tags) => tags.rows.length > 0);
    const apply = async (): Promise<void> => {
      for (const tags of newTags) await appendRows(conn, db, tags.table.name, tags.table.types, tags.rows);
      for (const { table, parts, late, partial } of plans) {
        for (const { rows, late: count } of partial) await keepStoredValues(conn, db, table, rows, count);
        await deleteRows(conn, db, table, late);
        await appendColumns(conn, db, table, parts);
      }
    };
    // A lone append goes to the write buffer: logged, then committed in DuckDB with other statements' rows in one
    // large flush (write-buffer.ts). Unbuffered (values the log does not carry, or a log being written again), it
    // is one appender flush, which DuckDB commits atomically by itself: no BEGIN/COMMIT, which would cost two
    // thread-pool round trips under the write lock.
    const loneAppend = newTags.length === 0 && plans.length === 1 && plans[0].late.length === 0 && count <= SINGLE_FLUSH_ROWS;
    const record = loneAppend && !rewriting ? encodeWrite(plans[0].table, plans[0].parts) : undefined;
    // (a failed add may leave earlier statements' rows lost: the next statement restores them)
    if (record) await buffer.add(plans[0].table, plans[0].parts, record);
    else if (loneAppend) {
      await this.storage.settleHeld(db);
      await apply();
    } else await this.storage.transactionHeld(db, apply);
    // Only after COMMIT: a rolled-back statement must not move the fast-path marks.
    for (const [map, tid, ts] of updates) {
      const current = map.get(tid);
      if (current === undefined || current < ts) map.set(tid, ts);
    }
    // still under the write lock: listeners see this database's writes in commit order (a log written again was
    // announced when it was first written)
    if (this.events.active && !rewriting) this.events.emit(writtenEvent(db, plans, newTags));
    return count;
  }

  /**
   * Writes again what the write log of `db` holds (write-buffer/write-log.ts): at start, the writes of a run that
   * ended before DuckDB committed them; later, after a failed drain. Rows DuckDB did commit come back as late rows
   * and replace themselves. Run before the database serves statements.
   */
  async recover(db: string): Promise<number> {
    return this.storage.writer(db).lock.run(() => this.rewriteLog(db));
  }

  private async rewriteLog(db: string): Promise<number> {
    const { conn, buffer } = this.storage.writer(db);
    // while the log is written again its rows are not lost (the writes below must not start another rewrite); a
    // failure marks them lost again, and the log still holds them
    buffer.lost = false;
    try {
      /** physical table → its stored column types, or null when the table no longer exists */
      const typesOf = new Map<string, DataTable['types'] | null>();
      let rows = 0;
      for (const record of WriteLog.read(buffer.logFile)) {
        const { table: logged, parts } = decodeWrite(record);
        if (!typesOf.has(logged.name)) typesOf.set(logged.name, await storedTypes(conn, db, logged.name));
        const types = typesOf.get(logged.name);
        if (!types) continue;
        rows += await this.write(db, { data: [{ table: { ...logged, types }, tables: parts }] }, true, true);
      }
      for (const [table, types] of typesOf) if (!types) console.error(`write log of ${db}: table ${table} no longer exists; its logged rows are skipped`);
      buffer.logWritten();
      return rows;
    } catch (error) {
      buffer.lost = true;
      throw error;
    }
  }
}

/** The data column types of a physical table, read from an appender (which answers DuckDB's own types), or null. */
async function storedTypes(conn: DuckDBConnection, db: string, table: string): Promise<DataTable['types'] | null> {
  let appender;
  try {
    appender = await conn.createAppender(table, 'main', dbAlias(db));
  } catch {
    return null;
  }
  const types = Array.from({ length: appender.columnCount - 1 }, (_, c) => appender.columnType(c + 1));
  appender.closeSync();
  return types;
}

const STABLE_TABLE = /^stb_(\d+)_(?:data|tags)$/;

function writtenEvent(db: string, plans: { table: DataTable; parts: TableRows[] }[], newTags: NewTagRows[]): RowsWrittenEvent {
  const stableIdOf = (name: string): number | undefined => {
    const m = STABLE_TABLE.exec(name);
    return m ? Number(m[1]) : undefined;
  };
  const createdChildren: RowsWrittenEvent['createdChildren'] = [];
  for (const tags of newTags) {
    const stableId = stableIdOf(tags.table.name);
    if (stableId === undefined) continue;
    for (const row of tags.rows) createdChildren.push({ tid: Number(row[0]), name: String(row[1]), stableId });
  }
  return {
    kind: 'rows',
    db,
    data: plans.map(({ table, parts }) => ({ table, stableId: stableIdOf(table.name), tables: parts })),
    createdChildren,
  };
}

/*
 * Row identity. TDengine keeps one row per timestamp in a table, or with a composite key one row per (timestamp,
 * key), ordered by timestamp then key; a row written with the identity of a stored one replaces it. Everything the
 * writer matches rows by goes through these helpers.
 */

type KeyValues = StoredColumn;

/** The composite-key values of `rows` (the first data column), or undefined for a table keyed by timestamp alone. */
const keyValues = (table: DataTable, rows: TableRows): KeyValues | undefined => (table.keyColumn === undefined ? undefined : rows.columns[0]);

/**
 * Row i's identity as a Map key: its timestamp as given (a table's timestamps are all packed or all bigints), or
 * `"ts key"` with a composite key (a key's number and bigint forms print alike; the timestamp has no space).
 */
function rowIdentity(ts: ArrayLike<bigint | number>, keys: ArrayLike<DuckDBValue> | undefined, i: number): bigint | number | string {
  return keys === undefined ? ts[i] : `${ts[i]} ${String(keys[i])}`;
}

/** Orders rows i and j by timestamp, then key (the order TDengine keeps a composite-key table's rows in). */
function compareRows(ts: TableRows['ts'], keys: KeyValues | undefined, i: number, j: number): number {
  if (ts[i] !== ts[j]) return ts[i] < ts[j] ? -1 : 1;
  if (keys === undefined) return 0;
  const [a, b] = [keys[i], keys[j]] as (number | bigint | string)[];
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A stored row's identity: tid, timestamp and (composite-key tables) key. */
type StoredRow = [tid: number, ts: bigint, key?: DuckDBValue];

const storedRow = (rows: TableRows, keys: KeyValues | undefined, i: number): StoredRow =>
  keys === undefined ? [rows.tid, timestampAt(rows, i)] : [rows.tid, timestampAt(rows, i), keys[i]];

/** The columns of a stored row's identity, `(tid, ts[, key])`, and one identity's values in that shape. */
const identityColumns = (table: DataTable): string =>
  `(${[TID_COLUMN, table.tsColumn, ...(table.keyColumn === undefined ? [] : [table.keyColumn])].map(quoteIdent).join(', ')})`;
const identityValues = ([tid, ts, ...key]: StoredRow): string =>
  `(${[tid, ts, ...key.map((k) => (typeof k === 'string' ? quoteString(k) : String(k)))].join(', ')})`;

/**
 * Rows sorted by their identity. Rows of one statement with one identity merge as TDengine's tRowMerge does
 * (PREFER_NON_NULL): each column takes the last non-NULL value among them, NULL only when all are NULL
 * (`(t, 'new') (t, NULL)` keeps 'new'). In-order input is returned as is.
 */
function dedupeRows(table: DataTable, rows: TableRows): TableRows {
  const ts = rows.ts;
  const keys = keyValues(table, rows);
  let ordered = true;
  if (keys === undefined) {
    for (let i = 1; i < ts.length; i++) {
      if (ts[i] <= ts[i - 1]) {
        ordered = false;
        break;
      }
    }
  } else {
    for (let i = 1; i < ts.length && ordered; i++) ordered = compareRows(ts, keys, i - 1, i) < 0;
  }
  if (ordered) return rows;
  const groups = new Map<bigint | number | string, number[]>();
  for (let i = 0; i < ts.length; i++) {
    const id = rowIdentity(ts, keys, i);
    const group = groups.get(id);
    if (group) group.push(i);
    else groups.set(id, [i]);
  }
  const order = [...groups.values()].sort((a, b) => compareRows(ts, keys, a[0], b[0]));
  const last = (group: number[]): number => group[group.length - 1];
  const lastValue = (col: DuckDBValue[], group: number[]): DuckDBValue => {
    for (let k = group.length - 1; k >= 0; k--) {
      const v = col[group[k]];
      if (v !== null && v !== undefined) return v;
    }
    return col[last(group)];
  };
  // packed columns stay packed (a BIGINT column's numbers are only storable that way); they hold no NULL
  const pick = <T extends StoredColumn | TableRows['ts']>(col: T): T =>
    (col instanceof Float64Array
      ? Float64Array.from(order, (g) => col[last(g)])
      : order.map((g) => (g.length === 1 ? col[g[0]] : lastValue(col as DuckDBValue[], g)))) as T;
  return { tid: rows.tid, ts: pick(ts), columns: rows.columns.map(pick), omitted: rows.omitted };
}

/**
 * Fills the omitted columns of the first `count` rows (those whose timestamp may be stored already) with the stored
 * row's values, so the delete-and-append that follows replaces only the columns the statement named.
 */
async function keepStoredValues(conn: DuckDBConnection, db: string, table: DataTable, rows: TableRows, count: number): Promise<void> {
  const omitted = rows.omitted ?? [];
  const keys = keyValues(table, rows);
  // bigint timestamps, as the stored rows read back (a packed ts is a number: another Map key)
  const ts = Array.from({ length: count }, (_, i) => timestampAt(rows, i));
  const index = new Map<bigint | number | string, number>();
  for (let i = 0; i < count; i++) index.set(rowIdentity(ts, keys, i), i);
  for (let off = 0; off < count; off += DELETE_BATCH) {
    const list = Array.from({ length: Math.min(DELETE_BATCH, count - off) }, (_, k) => identityValues(storedRow(rows, keys, off + k))).join(',');
    // `*` is [tid, ts, ...data columns]: positions, since the writer knows the columns by position only
    const reader = await conn.runAndReadAll(`SELECT * FROM ${qualified(db, table.name)} WHERE ${identityColumns(table)} IN (${list})`);
    for (const stored of reader.getRows()) {
      const i = index.get(rowIdentity([stored[1] as bigint], keys && [stored[2]], 0));
      if (i === undefined) continue;
      for (const c of omitted) (rows.columns[c] as DuckDBValue[])[i] = stored[c + 2];
    }
  }
}

/** Deletes the stored rows with these identities (those the rows being appended replace). */
async function deleteRows(conn: DuckDBConnection, db: string, table: DataTable, rows: StoredRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += DELETE_BATCH) {
    const list = rows.slice(i, i + DELETE_BATCH).map(identityValues).join(',');
    await conn.run(`DELETE FROM ${qualified(db, table.name)} WHERE ${identityColumns(table)} IN (${list})`);
  }
}

/** The DuckDB types of a data table's appender: the table id, then the table's columns. */
export const appendTypes = (table: DataTable): DuckDBType[] => [INTEGER, ...table.types];

/** Column-major rows of several tids as data chunks of ≤2048 rows (`types`: appendTypes), made as they are taken. */
export function* dataChunks(types: DuckDBType[], parts: readonly TableRows[]): Generator<DuckDBDataChunk> {
  for (const part of parts) {
    const total = part.ts.length;
    for (let off = 0; off < total; off += CHUNK_ROWS) {
      const n = Math.min(CHUNK_ROWS, total - off);
      const whole = off === 0 && n === total;
      // packed columns are viewed, not copied
      const slice = <T extends StoredColumn | TableRows['ts']>(col: T): T =>
        whole ? col : ((col instanceof Float64Array ? col.subarray(off, off + n) : col.slice(off, off + n)) as T);
      const chunk = DuckDBDataChunk.create(types, n);
      fillTableId(chunk, 0, part.tid, n);
      fillTimestamps(chunk, 1, slice(part.ts));
      part.columns.forEach((col, c) => fillColumn(chunk, c + 2, types[c + 2], slice(col)));
      yield chunk;
    }
  }
}

/** Appends column-major rows of several tids through the chunk API, in one appender flush. */
async function appendColumns(conn: DuckDBConnection, db: string, table: DataTable, parts: TableRows[]): Promise<void> {
  if (parts.every((p) => p.ts.length === 0)) return;
  const types = appendTypes(table);
  const appender = await conn.createAppender(table.name, 'main', dbAlias(db));
  try {
    if (appender.columnCount !== types.length) throw new SchemaChangedError();
    for (const chunk of dataChunks(types, parts)) appender.appendDataChunk(chunk);
    appender.flushSync();
  } catch (error) {
    // closing flushes: nothing of a failed append may reach the table (a lone append has no ROLLBACK)
    appender.clear();
    throw error;
  } finally {
    appender.closeSync();
  }
}

/** Appends row-major values through the chunk API (column-major chunks of ≤2048 rows). */
export async function appendRows(
  conn: DuckDBConnection,
  db: string,
  table: string,
  types: DuckDBType[],
  rows: DuckDBValue[][],
): Promise<void> {
  if (rows.length === 0) return;
  const appender = await conn.createAppender(table, 'main', dbAlias(db));
  try {
    if (appender.columnCount !== types.length) throw new SchemaChangedError();
    for (let off = 0; off < rows.length; off += CHUNK_ROWS) {
      const n = Math.min(CHUNK_ROWS, rows.length - off);
      const columns: DuckDBValue[][] = types.map(() => new Array<DuckDBValue>(n));
      for (let r = 0; r < n; r++) {
        const row = rows[off + r];
        for (let c = 0; c < types.length; c++) columns[c][r] = row[c] ?? null;
      }
      const chunk = DuckDBDataChunk.create(types, n);
      chunk.setColumns(columns);
      appender.appendDataChunk(chunk);
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

