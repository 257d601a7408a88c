import { formatDuration, formatKeep, UNIMPLEMENTED_DB_OPTIONS } from '../../../catalog/db-options';
import type { DatabaseEntry } from '../../../catalog/model';
import type { QueryContext } from '../../context';
import { bigint, bool, int, smallint, SYS, timestamp, tinyint, varchar, LEN } from '../columns';
import { SYSTEM_DBS, visibleDatabases, type SystemDirectory, type SystemTableDef } from '../table-def';

/** ins_databases columns (systable.c userDBSchema, as DESCRIBE shows them in TDengine 3.3.7.5). */
const COLUMNS = [
  varchar('name', LEN.DB_NAME),
  timestamp('create_time'),
  int('vgroups', SYS),
  bigint('ntables'),
  tinyint('replica', SYS),
  varchar('strict', 4, SYS),
  varchar('duration', 10, SYS),
  varchar('keep', 32, SYS),
  int('buffer', SYS),
  int('pagesize', SYS),
  int('pages', SYS),
  int('minrows', SYS),
  int('maxrows', SYS),
  tinyint('comp', SYS),
  varchar('precision', 2),
  varchar('status', 10),
  varchar('retentions', 60, SYS),
  bool('single_stable', SYS),
  varchar('cachemodel', 11, SYS),
  int('cachesize', SYS),
  tinyint('wal_level', SYS),
  int('wal_fsync_period', SYS),
  int('wal_retention_period', SYS),
  bigint('wal_retention_size', SYS),
  smallint('stt_trigger', SYS),
  smallint('table_prefix', SYS),
  smallint('table_suffix', SYS),
  int('tsdb_pagesize', SYS),
  int('keep_time_offset'),
  int('ss_chunkpages', SYS),
  varchar('ss_keeplocal', 10, SYS),
  tinyint('ss_compact', SYS),
  tinyint('with_arbitrator', SYS),
  varchar('encrypt_algorithm', 16, SYS),
  varchar('compact_interval', 12, SYS),
  varchar('compact_time_range', 24, SYS),
  varchar('compact_time_offset', 4, SYS),
];


function userDbRow(db: DatabaseEntry, ntables: number): unknown[] {
  const o = db.options;
  return [
    db.name,
    db.createTime,
    o.vgroups,
    ntables,
    o.replica,
    'on', // strict: 3.3 servers always print "on" (the option is gone from the grammar)
    formatDuration(o.duration),
    formatKeep(o.keep),
    o.buffer,
    o.pagesize,
    o.pages,
    o.minrows,
    o.maxrows,
    o.comp,
    o.precision,
    'ready',
    o.retentions === '' ? null : o.retentions,
    o.singleStable === 1,
    o.cachemodel,
    o.cachesize,
    o.walLevel,
    o.walFsyncPeriod,
    o.walRetentionPeriod,
    o.walRetentionSize,
    o.sttTrigger,
    o.tablePrefix,
    o.tableSuffix,
    o.tsdbPagesize,
    o.keepTimeOffset,
    UNIMPLEMENTED_DB_OPTIONS.ssChunkpages,
    UNIMPLEMENTED_DB_OPTIONS.ssKeeplocal,
    UNIMPLEMENTED_DB_OPTIONS.ssCompact,
    0,
    UNIMPLEMENTED_DB_OPTIONS.encryptAlgorithm,
    UNIMPLEMENTED_DB_OPTIONS.compactInterval,
    UNIMPLEMENTED_DB_OPTIONS.compactTimeRange,
    UNIMPLEMENTED_DB_OPTIONS.compactTimeOffset,
  ];
}

/** TDengine fills only name, ntables, precision and status for the two system databases. */
function systemDbRow(name: string, ntables: number): unknown[] {
  return COLUMNS.map((c) => {
    switch (c.name) {
      case 'name':
        return name;
      case 'ntables':
        return ntables;
      case 'precision':
        return 'ms';
      case 'status':
        return 'ready';
      default:
        return null;
    }
  });
}

export function tableCount(ctx: QueryContext, db: string): number {
  return Object.keys(ctx.catalog.database(db).tables).length + ctx.catalog.childTables(db).length;
}

export function databasesTable(system: SystemDirectory): SystemTableDef {
  return {
    name: 'ins_databases',
    sysInfo: false,
    columns: COLUMNS,
    rows(ctx) {
      const rows = SYSTEM_DBS.map((name) => systemDbRow(name, system.tables(name, ctx.user.sysinfo).length));
      for (const db of visibleDatabases(ctx)) {
        rows.push(userDbRow(db, tableCount(ctx, db.name)));
      }
      return rows;
    },
  };
}
