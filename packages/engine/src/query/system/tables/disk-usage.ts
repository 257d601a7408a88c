import fs from 'node:fs';
import type { ColumnDef, DatabaseEntry } from '../../../catalog/model';
import type { QueryContext } from '../../context';
import { typeLength } from '../../../types';
import { bigint, int, SYS, varchar } from '../columns';
import { visibleDatabases, type SystemTableDef } from '../table-def';
import { vgroupLayout } from '../vgroups';

/**
 * ins_disk_usage (sizes in KB, as TDengine reports them). A database is one DuckDB file, so each database has one
 * row, on its first vgroup: `data1` is the database file, `wal` its write-ahead logs (DuckDB's and the write buffer's);
 * DuckDB has no second/third tier, rdb cache, separate table meta or shared storage (`ss`, 0). `raw_data` estimates the uncompressed size: rows × declared row width.
 */
export interface DiskUsage {
  db: string;
  vgroupId: number;
  walKb: number;
  dataKb: number;
  rawKb: number;
}

function fileKb(file: string): number {
  try {
    return Math.ceil(fs.statSync(file).size / 1024);
  } catch {
    return 0;
  }
}

const rowWidth = (columns: ColumnDef[]): number => columns.reduce((n, c) => n + typeLength(c.type), 0);

async function rowCount(ctx: QueryContext, physical: string): Promise<number> {
  const { rows } = await ctx.storage.query(`SELECT count(*) FROM ${physical}`);
  return Number(rows[0]?.[0] ?? 0);
}

async function rawBytes(ctx: QueryContext, db: DatabaseEntry): Promise<number> {
  let bytes = 0;
  for (const s of Object.values(db.stables)) bytes += (await rowCount(ctx, ctx.names.dataTable(db.name, s.id))) * rowWidth(s.columns);
  for (const t of Object.values(db.tables)) bytes += (await rowCount(ctx, ctx.names.normalTable(db.name, t.tid))) * rowWidth(t.columns);
  return bytes;
}

export async function diskUsage(ctx: QueryContext, db: DatabaseEntry): Promise<DiskUsage> {
  const file = ctx.storage.dbFile(db.name);
  return {
    db: db.name,
    vgroupId: vgroupLayout(ctx.catalog).get(db.name)?.first ?? 0,
    walKb: ctx.storage.logFiles(db.name).reduce((kb, log) => kb + fileKb(log), 0),
    dataKb: fileKb(file),
    rawKb: Math.ceil((await rawBytes(ctx, db)) / 1024),
  };
}

export const diskUsageTable: SystemTableDef = {
  name: 'ins_disk_usage',
  sysInfo: false,
  columns: [
    varchar('db_name', 32, SYS),
    int('vgroup_id', SYS),
    bigint('wal', SYS),
    bigint('data1', SYS),
    bigint('data2', SYS),
    bigint('data3', SYS),
    bigint('cache_rdb', SYS),
    bigint('table_meta', SYS),
    // 3.3.7.5 names the shared-storage column `ss` (`s3` is refused there: 9730)
    bigint('ss', SYS),
    bigint('raw_data', SYS),
  ],
  async rows(ctx) {
    const rows: unknown[][] = [];
    for (const db of visibleDatabases(ctx)) {
      const u = await diskUsage(ctx, db);
      rows.push([u.db, u.vgroupId, u.walKb, u.dataKb, 0, 0, 0, 0, 0, u.rawKb]);
    }
    return rows;
  },
};
