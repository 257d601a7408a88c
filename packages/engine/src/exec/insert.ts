import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBValue } from '@duckdb/node-api';
import type { ColumnDef, StableDef } from '../catalog/model';
import { TdCode, TdError } from '../errors';
import { affected, type StatementResult } from '../format/result';
import { convertPrecision, nowIn, UNITS_PER_SECOND } from '../format/time-parse';
import { insertSyntaxError, insertTupleOffsets, type Identifier, type InsertStatement, type InsertTarget, type InsertValue } from '../sql';
import { normalDataTable, stableDataTable } from '../storage/schema';
import { SchemaChangedError, type DataTable, type StoredColumn, type TableRows } from '../storage/table-writer';
import { requireWrite } from './access';
import {
  abandonChildren,
  checkBoundTags,
  insertTagCountError,
  pendingTagRows,
  reserveChild,
  tagRowValues,
  usingStable,
  type PendingChild,
} from './child-tables';
import { converterFor, ValueError, type ValueScope } from './coerce';
import { convertColumns, omittedColumns } from './insert-columns';
import { parseCsv } from './csv';
import { rethrowAt } from './value-position';
import { resolveDb, writableDb, type ExecContext } from './context';

/** Rows collected for one database during an INSERT: per physical table, per tid. */
interface DbBatch {
  tables: Map<string, { table: DataTable; byTid: Map<number, TableRows> }>;
  children: PendingChild[];
  scope: ValueScope;
  /** earliest accepted timestamp (now − KEEP) in the database precision */
  minTs: bigint;
}

const systemTableInsert = (): TdError => new TdError(TdCode.PAR_SYSTABLE_NOT_ALLOWED, 'System table not allowed');
const badColumnCount = (): TdError => new TdError(TdCode.PAR_INVALID_COLUMNS_NUM, 'Illegal number of columns');

/**
 * A row whose width is not the bound columns', as TDengine's parseOneRow meets it after reading the values present:
 * `()` and a `,` after the last bound value are 9791 "Illegal number of columns", a `)` where the next `,` belongs is
 * 534 "(, expected)". Rows of INSERT … SELECT and FILE have no place in the SQL: 9791.
 */
function rowWidthError(given: number, bound: number, sql: string, tupleOffset: number | undefined): TdError {
  if (given === 0 || given > bound || tupleOffset === undefined || tupleOffset < 0) return badColumnCount();
  return insertSyntaxError(sql, insertTupleOffsets(sql, tupleOffset).close, ', expected');
}

function batchFor(ctx: ExecContext, batches: Map<string, DbBatch>, db: string): DbBatch {
  let b = batches.get(db);
  if (!b) {
    const options = ctx.catalog.database(db).options;
    const scope = { precision: options.precision, nowMs: ctx.nowMs, tz: ctx.tz };
    const keepUnits = BigInt(options.keep[2]) * 60n * UNITS_PER_SECOND[options.precision];
    b = { tables: new Map(), children: [], scope, minTs: nowIn(options.precision, ctx.nowMs) - keepUnits };
    batches.set(db, b);
  }
  return b;
}

function addRows(batch: DbBatch, table: DataTable, rows: TableRows): void {
  let entry = batch.tables.get(table.name);
  if (!entry) batch.tables.set(table.name, (entry = { table, byTid: new Map() }));
  const existing = entry.byTid.get(rows.tid);
  if (!existing) {
    entry.byTid.set(rows.tid, rows);
    return;
  }
  // a column keeps stored values only where both parts left it out
  existing.omitted = existing.omitted?.filter((c) => rows.omitted?.includes(c));
  // the same table twice in one statement: rare; packed parts stay packed, else they become one array
  const ts = joined(existing.ts, rows.ts);
  existing.ts = ts instanceof Float64Array ? ts : ts.map((t) => (typeof t === 'bigint' ? t : BigInt(t as number)));
  existing.columns = existing.columns.map((col, c): StoredColumn => joined(col, rows.columns[c]) as StoredColumn);
}

/** Two parts of a column one after the other: packed when both are, else one array. */
function joined(a: Float64Array | readonly unknown[], b: Float64Array | readonly unknown[]): Float64Array | unknown[] {
  if (!(a instanceof Float64Array && b instanceof Float64Array)) return [...a, ...b];
  const both = new Float64Array(a.length + b.length);
  both.set(a);
  both.set(b, a.length);
  return both;
}

/** Position k of a VALUES row → index into `columns`; all columns in order when no list is given. */
function columnMap(columns: ColumnDef[], list: Identifier[] | undefined): number[] {
  if (!list) return columns.map((_, i) => i);
  const seen = new Set<number>();
  const map = list.map((id) => {
    const i = columns.findIndex((c) => c.name === id.name);
    if (i < 0) throw TdError.invalidColumn(id.name);
    // the insert parser's parseBoundColumns: a name twice is its syntax error naming the column
    if (seen.has(i)) throw new TdError(TdCode.SYNTAX_ERROR_OLD, `syntax error near '${id.name}' (duplicated column name)`);
    seen.add(i);
    return i;
  });
  // ... and a list without the timestamp its invalid-operation message (0x0200)
  if (!seen.has(0)) throw new TdError(TdCode.TSC_INVALID_OPERATION, 'Primary timestamp column should not be null');
  // ... as is a list without a composite key (TDengine 3.3.7.5)
  if (columns[1]?.primaryKey && !seen.has(1)) throw new TdError(TdCode.TSC_INVALID_OPERATION, 'Primary key column should not be none');
  return map;
}

/** Where VALUES rows sit in the SQL: each row's `(` offset and, per value, its index in the written tuple. */
interface RowsPosition {
  sql: string;
  offsets: ArrayLike<number>;
  indexes: number[];
}

/** Coerces VALUES rows into column-major stored rows (NULL for columns not listed), checking ts and KEEP. */
function convertRows(
  tid: number,
  rows: InsertValue[][],
  columns: ColumnDef[],
  map: number[],
  batch: DbBatch,
  at?: RowsPosition,
): TableRows {
  const n = rows.length;
  const ts: bigint[] = new Array(n);
  const out: DuckDBValue[][] = columns.slice(1).map(() => new Array<DuckDBValue>(n).fill(null));
  const convert = map.map((i) => converterFor(columns[i], batch.scope));
  const tsAt = map.indexOf(0);
  // a composite key is never NULL: rows are told apart by (ts, key)
  const keyAt = columns[1]?.primaryKey ? map.indexOf(1) : -1;
  let r = 0;
  let k = 0;
  try {
    for (r = 0; r < n; r++) {
      const src = rows[r];
      // INSERT … SELECT / FILE: the translator compares the widths before any value (06_insert#77)
      if (!at && src.length !== map.length) throw badColumnCount();
      const width = Math.min(src.length, map.length);
      for (k = 0; k < width; k++) {
        const i = map[k];
        const v = convert[k](src[k]);
        if (k === tsAt) {
          // a NULL timestamp written in VALUES is the insert parser's syntax error at that value
          if (v === null) throw at ? new ValueError('Primary timestamp column should not be null') : new TdError(TdCode.PAR_PRIMARY_KEY_IS_NULL, 'Primary timestamp column should not be null');
          if ((v as bigint) < batch.minTs) throw new TdError(TdCode.TIMESTAMP_OUT_OF_RANGE, 'Timestamp data out of range');
          ts[r] = v as bigint;
        } else {
          if (k === keyAt && v === null) throw new TdError(TdCode.PAR_PRIMARY_KEY_IS_NULL, 'Primary key column should not be null');
          out[i - 1][r] = v;
        }
      }
      if (src.length !== map.length) throw rowWidthError(src.length, map.length, at?.sql ?? '', at?.offsets[r]);
    }
  } catch (error) {
    rethrowAt(error, rows[r]?.[k] ?? null, at && { sql: at.sql, tupleOffset: at.offsets[r], index: at.indexes[k] });
  }
  return { tid, ts, columns: out, omitted: omittedColumns(columns.length, map) };
}

/**
 * `INSERT ... FILE` reads only below DIR/import: the engine serves remote users, and a path anywhere on the host
 * would let them load (and then read) any file the engine process can open.
 */
export function importPath(dataDir: string, file: string): string {
  const base = path.resolve(dataDir, 'import');
  const full = path.resolve(base, file);
  if (full !== base && full.startsWith(base + path.sep)) return full;
  throw new TdError(TdCode.UNKNOWN, `Failed to open file: ${file} (files are read from the data directory's import folder)`);
}

/** Source rows of a target: VALUES as written (with their offsets), FILE as CSV strings, SELECT through the query layer. */
async function sourceRows(
  ctx: ExecContext,
  target: InsertTarget,
  scope: ValueScope,
): Promise<{ rows: InsertValue[][]; offsets?: ArrayLike<number>; width?: number }> {
  const src = target.source;
  if (src.type === 'values') return { rows: src.rows.toRows(), offsets: src.rowOffsets };
  if (src.type === 'file') {
    let text: string;
    try {
      text = fs.readFileSync(importPath(ctx.storage.dataDir, src.path), 'utf8');
    } catch {
      throw new TdError(TdCode.UNKNOWN, `Failed to open file: ${src.path}`);
    }
    return { rows: parseCsv(text) };
  }
  if (!ctx.runQuery) throw new TdError(TdCode.UNSUPPORTED, 'INSERT ... SELECT needs the query layer');
  const result = await ctx.runQuery(src.query);
  if (result.kind !== 'rows') return { rows: [] };
  const rows = result.rows.map((row) =>
    row.map((v, i): InsertValue => {
      if (v instanceof Uint8Array) return `\\x${Buffer.from(v).toString('hex')}`;
      if (result.columns[i].type === 'TIMESTAMP' && v !== null && v !== undefined) {
        return convertPrecision(BigInt(v as number | bigint), result.precision, scope.precision);
      }
      return v as InsertValue;
    }),
  );
  return { rows, width: result.columns.length };
}

/** `INSERT INTO stb (tbname, tags..., cols...) VALUES`: rows routed to (auto-created) children by tbname. */
function superTableRows(
  ctx: ExecContext,
  db: string,
  stable: StableDef,
  list: Identifier[] | undefined,
  rows: InsertValue[][],
  offsets: ArrayLike<number> | undefined,
  batch: DbBatch,
): void {
  if (!list) throw new TdError(TdCode.PAR_INVALID_TBNAME, 'tbname must be specified when inserting into a super table');
  const tbnameAt = list.findIndex((c) => c.name === 'tbname');
  // a column list without tbname reaches TDengine's row builder, which finds the child name null (0x0200)
  if (tbnameAt < 0) throw new TdError(TdCode.TSC_INVALID_OPERATION, 'tbname column should not be null');
  const tagPos: number[] = [];
  const tagIds: Identifier[] = [];
  const colPos: number[] = [];
  const colIds: Identifier[] = [];
  list.forEach((id, k) => {
    if (k === tbnameAt) return;
    if (stable.tags.some((t) => t.name === id.name)) {
      tagPos.push(k);
      tagIds.push(id);
    } else {
      colPos.push(k);
      colIds.push(id);
    }
  });
  const map = columnMap(stable.columns, colIds);
  const data = stableDataTable(stable);
  const byChild = new Map<string, { rows: InsertValue[][]; offsets: number[] }>();
  rows.forEach((row, r) => {
    if (row.length !== list.length) throw rowWidthError(row.length, list.length, ctx.sql, offsets?.[r]);
    const name = row[tbnameAt];
    if (typeof name !== 'string' || name === '') throw new TdError(TdCode.PAR_INVALID_TBNAME, 'Invalid tbname');
    const key = name.toLowerCase();
    let group = byChild.get(key);
    if (!group) {
      byChild.set(key, (group = { rows: [], offsets: [] }));
      const existing = ctx.catalog.lookup(db, key);
      if (!existing) {
        const at = { sql: ctx.sql, tupleOffset: offsets?.[r], indexes: tagPos };
        const child = reserveChild(ctx, db, key, stable, tagIds, tagPos.map((p) => row[p]), batch.scope, at);
        batch.children.push(child);
      } else if (existing.kind !== 'child' || existing.stable.name !== stable.name) {
        throw new TdError(TdCode.TDB_TABLE_IN_OTHER_STABLE, 'Table already exists in other stables');
      }
    }
    group.rows.push(colPos.map((p) => row[p]));
    group.offsets.push(offsets?.[r] ?? -1);
  });
  for (const [name, group] of byChild) {
    const found = ctx.catalog.lookup(db, name);
    if (found?.kind !== 'child') continue;
    const at = offsets ? { sql: ctx.sql, offsets: group.offsets, indexes: colPos } : undefined;
    addRows(batch, data, convertRows(found.child.tid, group.rows, stable.columns, map, batch, at));
  }
}

async function collectTarget(ctx: ExecContext, target: InsertTarget, batches: Map<string, DbBatch>): Promise<void> {
  const db = resolveDb(ctx, target.table);
  const name = target.table.name.name;
  ctx.catalog.database(db); // a missing database is 904 before any privilege check
  requireWrite(ctx, db, name);
  const batch = batchFor(ctx, batches, db);
  const values = target.source.type === 'values' ? target.source : undefined;
  // VALUES rows stay column-major unless a path below needs them row by row
  const read = values ? undefined : await sourceRows(ctx, target, batch.scope);
  const source = () => read ?? { rows: values!.rows.toRows(), offsets: values!.rowOffsets };
  let found = ctx.catalog.lookup(db, name);
  if (target.using) {
    if ((target.using.stable.db?.name ?? db) !== db) {
      throw new TdError(TdCode.PAR_CORRESPONDING_STABLE_ERR, 'The corresponding super table not in this db');
    }
    const at = { sql: ctx.sql, tupleOffset: target.using.tagsOffset, countError: insertTagCountError };
    const normal = ctx.catalog.database(db).tables[target.using.stable.name.name];
    // the insert parser reads a normal table as a super table without tags: no value can be bound
    if (normal) throw insertTagCountError(at, target.using.tags.length, 0);
    const stable = usingStable(ctx, db, target.using.stable.name.name);
    checkBoundTags(stable, target.using.tagColumns);
    if (!found) {
      const child = reserveChild(ctx, db, name, stable, target.using.tagColumns, target.using.tags, batch.scope, at);
      batch.children.push(child);
      found = ctx.catalog.lookup(db, name);
    } else {
      // the insert parser reads (and refuses) the tag values before it knows the table exists; they are not kept
      tagRowValues(stable, target.using.tagColumns, target.using.tags, batch.scope, at);
      if (found.kind !== 'child' || found.stable.name !== stable.name) {
        throw new TdError(TdCode.TDB_TABLE_IN_OTHER_STABLE, 'Table already exists in other stables');
      }
    }
  }
  if (!found) throw TdError.tableNotExist(name);
  if (found.kind === 'stable') {
    // TDengine's insert parser knows the table is a super table: without a column list it stops right there (534)
    if (!target.columns && target.tableEnd !== undefined) {
      throw insertSyntaxError(ctx.sql, target.tableEnd, '(...tbname, ts...) bounded cols is expected for supertable insertion');
    }
    // INSERT INTO stb SELECT …: the translator binds every column and tag (createAllColumns) and counts first
    const all = found.stable.columns.length + found.stable.tags.length;
    if (!target.columns && read?.width !== undefined && read.width !== all) {
      throw new TdError(TdCode.PAR_INVALID_COLUMNS_NUM, 'Illegal number of columns');
    }
    const { rows, offsets } = source();
    superTableRows(ctx, db, found.stable, target.columns, rows, offsets, batch);
    return;
  }
  const columns = found.kind === 'child' ? found.stable.columns : found.table.columns;
  const table = found.kind === 'child' ? stableDataTable(found.stable) : normalDataTable(found.table);
  const tid = found.kind === 'child' ? found.child.tid : found.table.tid;
  const map = columnMap(columns, target.columns);
  // the fast path: rows of one width converted column by column (exec/insert-columns.ts)
  const packed = values?.rows.columns;
  if (values && packed && packed.length === map.length) {
    const { rowCount } = values.rows;
    const converted = convertColumns(tid, packed, rowCount, columns, map, batch.scope, batch.minTs);
    if (converted) {
      addRows(batch, table, converted);
      return;
    }
  }
  const { rows, offsets } = source();
  // INSERT … SELECT orders the query by the timestamp it writes, NULL first (addOrderByPrimaryKeyToQuery): a NULL
  // timestamp is the first row TDengine meets, 9781 "Incorrect TIMESTAMP value", before any other row's refusal
  // (after the translator's count check: a query of another width is 9791 below)
  if (target.source.type === 'select' && rows.length > 0 && rows[0].length === map.length) {
    const k = map.indexOf(0);
    if (rows.some((r) => r[k] === null || r[k] === undefined)) {
      throw new TdError(TdCode.PAR_INCORRECT_TIMESTAMP_VAL, 'Incorrect TIMESTAMP value');
    }
  }
  const at = offsets ? { sql: ctx.sql, offsets, indexes: map.map((_, k) => k) } : undefined;
  addRows(batch, table, convertRows(tid, rows, columns, map, batch, at));
}

/** Every INSERT form of facts §2.6; one transaction per database touched. */
export async function insert(ctx: ExecContext, stmt: InsertStatement): Promise<StatementResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertOnce(ctx, stmt);
    } catch (error) {
      if (!(error instanceof SchemaChangedError) || attempt >= 3) throw error;
    }
  }
}

/**
 * One attempt. The write locks of every database the statement touches are held from reading the schema to the
 * commit, so no other write sees this statement's reserved child tables before they exist, and a failed attempt can
 * release them safely.
 */
async function insertOnce(ctx: ExecContext, stmt: InsertStatement): Promise<StatementResult> {
  const dbs = stmt.targets.map((t) => writableDb(ctx, t.table, systemTableInsert));
  for (const db of dbs) ctx.catalog.database(db);
  return ctx.storage.withWriteLocks(dbs, async () => {
    const batches = new Map<string, DbBatch>();
    // TDengine's client merges the rows of one table that share a timestamp, or with a composite key a timestamp and
    // key, before it sends them (the last one wins): `values (t, 4) (t, 40)` is one row written, as the writer counts
    let written = 0;
    try {
      for (const target of stmt.targets) await collectTarget(ctx, target, batches);
      for (const [db, batch] of batches) {
        const data = [...batch.tables.values()].map(({ table, byTid }) => ({ table, tables: [...byTid.values()] }));
        written += await ctx.writer.write(db, { data, newTags: pendingTagRows(batch.children) }, true);
        batch.children = [];
      }
    } catch (error) {
      for (const [db, batch] of batches) abandonChildren(ctx, db, batch.children);
      throw error;
    }
    return affected(written);
  });
}
