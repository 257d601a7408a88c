import type { ColumnDef, DatabaseEntry } from '../../../catalog/model';
import type { QueryContext } from '../../context';
import { formatTypeSpec, typeLength, type TypeSpec } from '../../../types';
import { bigint, bool, int, LEN, smallint, SYS, timestamp, varchar, type SysColumn } from '../columns';
import { SYSTEM_DBS, visibleDatabases, type SystemDirectory, type SystemTableDef } from '../table-def';
import { vgroupLayout, vgroupOf } from '../vgroups';

/** ins_stables, ins_tables, ins_columns: the schema objects of the catalog (systable.c, 3.3 series). */

const STABLE_COLUMNS = [
  varchar('stable_name', LEN.TABLE_NAME),
  varchar('db_name', LEN.DB_NAME),
  timestamp('create_time'),
  int('columns'),
  int('tags'),
  timestamp('last_update'),
  varchar('table_comment', LEN.COMMENT),
  varchar('watermark', 64),
  varchar('max_delay', 64),
  varchar('rollup', 128),
  bigint('uid'),
  bool('isvirtual'),
  bigint('keep'),
];

/** A super table's KEEP when none was given (TDengine: -1, the database's KEEP applies). */
const STABLE_KEEP_UNSET = -1;

/** Super tables without rollup keep TDengine's defaults: watermark 5s, max_delay -1 (per rollup level). */
const DEFAULT_WATERMARK = '5000a,5000a';
const DEFAULT_MAX_DELAY = '-1a,-1a';

export const stablesTable: SystemTableDef = {
  name: 'ins_stables',
  sysInfo: false,
  columns: STABLE_COLUMNS,
  rows(ctx) {
    const rows: unknown[][] = [];
    for (const db of visibleDatabases(ctx)) {
      for (const s of Object.values(db.stables)) {
        rows.push([
          s.name,
          db.name,
          s.createTime,
          s.columns.length,
          s.tags.length,
          s.createTime,
          s.comment ?? null,
          DEFAULT_WATERMARK,
          DEFAULT_MAX_DELAY,
          '',
          s.id,
          false,
          STABLE_KEEP_UNSET,
        ]);
      }
    }
    return rows;
  },
};

const TABLE_COLUMNS = [
  varchar('table_name', LEN.TABLE_NAME),
  varchar('db_name', LEN.DB_NAME),
  timestamp('create_time'),
  int('columns'),
  varchar('stable_name', LEN.TABLE_NAME),
  bigint('uid'),
  int('vgroup_id', SYS),
  int('ttl'),
  varchar('table_comment', LEN.COMMENT),
  varchar('type', 21),
];

export const TABLE_TYPE = {
  child: 'CHILD_TABLE',
  normal: 'NORMAL_TABLE',
  stable: 'SUPER_TABLE',
  system: 'SYSTEM_TABLE',
} as const;

/** Every table row of ins_tables: system tables first (as TDengine lists them), then child and normal tables. */
function userTableRows(ctx: QueryContext, db: DatabaseEntry, vgroup: (name: string) => number): unknown[][] {
  const rows: unknown[][] = [];
  for (const c of ctx.catalog.childTables(db.name)) {
    const stable = db.stables[c.stable];
    const options = db.childOptions?.[c.name];
    rows.push([c.name, db.name, c.createTime, stable.columns.length, stable.name, c.tid, vgroup(c.name), options?.ttl ?? 0, options?.comment ?? null, TABLE_TYPE.child]);
  }
  for (const t of Object.values(db.tables)) {
    rows.push([t.name, db.name, t.createTime, t.columns.length, null, t.tid, vgroup(t.name), t.ttl ?? 0, t.comment ?? null, TABLE_TYPE.normal]);
  }
  return rows;
}

export function tablesTable(system: SystemDirectory): SystemTableDef {
  return {
    name: 'ins_tables',
    sysInfo: false,
    columns: TABLE_COLUMNS,
    rows(ctx) {
      const rows: unknown[][] = [];
      for (const sysDb of SYSTEM_DBS) {
        for (const t of system.tables(sysDb, ctx.user.sysinfo)) {
          rows.push([t.name, sysDb, null, t.columns.length, null, null, null, null, null, TABLE_TYPE.system]);
        }
      }
      const layout = vgroupLayout(ctx.catalog);
      for (const db of visibleDatabases(ctx)) {
        const range = layout.get(db.name);
        if (!range) continue;
        rows.push(...userTableRows(ctx, db, (name) => vgroupOf(range, name)));
      }
      return rows;
    },
  };
}

const COLUMN_COLUMNS = [
  varchar('table_name', LEN.TABLE_NAME),
  varchar('db_name', LEN.DB_NAME),
  varchar('table_type', 21),
  varchar('col_name', LEN.COL_NAME),
  varchar('col_type', 32),
  int('col_length'),
  int('col_precision'),
  int('col_scale'),
  int('col_nullable'),
  varchar('col_source', 258),
  smallint('col_id'),
];

/** col_type as TDengine 3.3.7.5 writes it: VARCHAR(n) and NCHAR(n) with their length, VARBINARY and GEOMETRY without. */
function columnTypeName(type: TypeSpec): string {
  return type.name === 'VARBINARY' || type.name === 'GEOMETRY' ? type.name : formatTypeSpec(type);
}

/** TDengine reports col_length in storage bytes: VARCHAR(n) n+2, NCHAR(n) 4n+2 (2-byte length header). */
function storageBytes(type: TypeSpec): number {
  if (type.name === 'NCHAR') return (type.length ?? 0) * 4 + 2;
  if (type.name === 'VARCHAR' || type.name === 'VARBINARY' || type.name === 'GEOMETRY') return (type.length ?? 0) + 2;
  return typeLength(type);
}

function columnRows(table: string, db: string, tableType: string, columns: ColumnDef[]): unknown[][] {
  return columns.map((c, i) => [
    table,
    db,
    tableType,
    c.name,
    columnTypeName(c.type),
    storageBytes(c.type),
    // mndStb.c leaves col_precision/col_scale/col_nullable NULL (26_system_tables_more#30), a DECIMAL's too (37#125)
    null,
    null,
    null,
    null, // col_source: only virtual tables' columns have one
    i + 1, // col_id: TDengine numbers columns from 1 in declaration order
  ]);
}

function systemColumnRows(table: string, db: string, columns: SysColumn[]): unknown[][] {
  return columns.map((c, i) => [
    table,
    db,
    TABLE_TYPE.system,
    c.name,
    c.type === 'VARCHAR' ? `VARCHAR(${c.length})` : c.type,
    c.type === 'VARCHAR' ? c.length + 2 : c.length,
    0,
    0,
    1,
    null,
    i + 1,
  ]);
}

export function columnsTable(system: SystemDirectory): SystemTableDef {
  return {
    name: 'ins_columns',
    sysInfo: false,
    columns: COLUMN_COLUMNS,
    rows(ctx) {
      const rows: unknown[][] = [];
      for (const sysDb of SYSTEM_DBS) {
        for (const t of system.tables(sysDb, ctx.user.sysinfo)) {
          const visible = ctx.user.sysinfo ? t.columns : t.columns.filter((c) => !c.sysInfo);
          rows.push(...systemColumnRows(t.name, sysDb, visible));
        }
      }
      for (const db of visibleDatabases(ctx)) {
        for (const s of Object.values(db.stables)) rows.push(...columnRows(s.name, db.name, TABLE_TYPE.stable, s.columns));
        for (const c of ctx.catalog.childTables(db.name)) {
          rows.push(...columnRows(c.name, db.name, TABLE_TYPE.child, db.stables[c.stable].columns));
        }
        for (const t of Object.values(db.tables)) rows.push(...columnRows(t.name, db.name, TABLE_TYPE.normal, t.columns));
      }
      return rows;
    },
  };
}
