import { BIGINT, INTEGER, VARCHAR } from '@duckdb/node-api';
import type { ColumnDef, NormalTableDef, StableDef, ChildTableRef } from '../catalog/model';
import { duckType, duckTypeSql } from './duck-types';
import {
  CTIME_COLUMN,
  TBNAME_COLUMN,
  TID_COLUMN,
  normalDataName,
  qualified,
  quoteIdent,
  stableDataName,
  stableTagName,
} from './names';
import type { Storage } from './storage';
import type { DataTable } from './table-writer';

/** Physical DDL of the layout in docs/engine-storage.md; every statement runs under the database's write lock. */

function columnList(cols: ColumnDef[]): string {
  return cols.map((c) => `${quoteIdent(c.name)} ${duckTypeSql(c.type)}`).join(', ');
}

/** The data table of columns `columns` as an append target: its timestamp, its composite key if any, its types. */
function dataTable(name: string, columns: ColumnDef[]): DataTable {
  const key = columns[1]?.primaryKey ? { keyColumn: columns[1].name } : {};
  return { name, tsColumn: columns[0].name, ...key, types: columns.map((c) => duckType(c.type)) };
}

export function stableDataTable(stable: StableDef): DataTable {
  return dataTable(stableDataName(stable.id), stable.columns);
}

/** The tag table as an append target: tid, tbname, ctime, tags... */
export function stableTagTable(stable: StableDef): DataTable {
  return {
    name: stableTagName(stable.id),
    tsColumn: CTIME_COLUMN,
    types: [INTEGER, VARCHAR, BIGINT, ...stable.tags.map((t) => duckType(t.type))],
  };
}

export function normalDataTable(table: NormalTableDef): DataTable {
  return dataTable(normalDataName(table.tid), table.columns);
}

export async function createStableTables(storage: Storage, db: string, stable: StableDef): Promise<void> {
  await storage.exec(
    db,
    `CREATE TABLE IF NOT EXISTS ${qualified(db, stableDataName(stable.id))} (${quoteIdent(TID_COLUMN)} INTEGER NOT NULL, ${columnList(stable.columns)})`,
  );
  await storage.exec(
    db,
    `CREATE TABLE IF NOT EXISTS ${qualified(db, stableTagName(stable.id))} (${quoteIdent(TID_COLUMN)} INTEGER NOT NULL, ${quoteIdent(TBNAME_COLUMN)} VARCHAR NOT NULL, ${quoteIdent(CTIME_COLUMN)} BIGINT NOT NULL, ${columnList(stable.tags)})`,
  );
}

export async function dropStableTables(storage: Storage, db: string, stable: StableDef): Promise<void> {
  await storage.exec(db, `DROP TABLE IF EXISTS ${qualified(db, stableDataName(stable.id))}`);
  await storage.exec(db, `DROP TABLE IF EXISTS ${qualified(db, stableTagName(stable.id))}`);
}

export async function createNormalTableStorage(storage: Storage, db: string, table: NormalTableDef): Promise<void> {
  await storage.exec(
    db,
    `CREATE TABLE IF NOT EXISTS ${qualified(db, normalDataName(table.tid))} (${quoteIdent(TID_COLUMN)} INTEGER NOT NULL, ${columnList(table.columns)})`,
  );
}

export async function dropNormalTableStorage(storage: Storage, db: string, table: NormalTableDef): Promise<void> {
  await storage.exec(db, `DROP TABLE IF EXISTS ${qualified(db, normalDataName(table.tid))}`);
}

/** Removes a child table: its tag row and its data rows, in one transaction. */
export async function dropChildStorage(storage: Storage, db: string, stable: StableDef, tids: number[]): Promise<void> {
  if (tids.length === 0) return;
  const list = tids.join(',');
  await storage.transaction(db, async (conn) => {
    await conn.run(`DELETE FROM ${qualified(db, stableDataName(stable.id))} WHERE ${quoteIdent(TID_COLUMN)} IN (${list})`);
    await conn.run(`DELETE FROM ${qualified(db, stableTagName(stable.id))} WHERE ${quoteIdent(TID_COLUMN)} IN (${list})`);
  });
}

export async function addColumn(storage: Storage, db: string, physical: string, col: ColumnDef): Promise<void> {
  await storage.exec(db, `ALTER TABLE ${qualified(db, physical)} ADD COLUMN ${quoteIdent(col.name)} ${duckTypeSql(col.type)}`);
}

export async function dropColumn(storage: Storage, db: string, physical: string, name: string): Promise<void> {
  await storage.exec(db, `ALTER TABLE ${qualified(db, physical)} DROP COLUMN ${quoteIdent(name)}`);
}

export async function renameColumn(storage: Storage, db: string, physical: string, from: string, to: string): Promise<void> {
  await storage.exec(db, `ALTER TABLE ${qualified(db, physical)} RENAME COLUMN ${quoteIdent(from)} TO ${quoteIdent(to)}`);
}

/** Reads every child table of the database's super tables (at attach): the in-memory child index. */
export async function loadChildren(storage: Storage, db: string, stables: StableDef[]): Promise<ChildTableRef[]> {
  const out: ChildTableRef[] = [];
  for (const stable of stables) {
    const { rows } = await storage.query(
      `SELECT ${quoteIdent(TID_COLUMN)}, ${quoteIdent(TBNAME_COLUMN)}, ${quoteIdent(CTIME_COLUMN)} FROM ${qualified(db, stableTagName(stable.id))}`,
    );
    for (const [tid, name, ctime] of rows) {
      out.push({ tid: Number(tid), name: String(name), stable: stable.name, createTime: Number(ctime) });
    }
  }
  return out;
}
