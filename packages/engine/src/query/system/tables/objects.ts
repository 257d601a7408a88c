import { stableTagIndexes } from '../../../catalog/tag-indexes';
import { bigint, int, LEN, SYS, timestamp, varchar } from '../columns';
import { visibleDatabases, type SystemTableDef } from '../table-def';

/**
 * Functions, indexes, views, streams and compactions. The engine has no UDFs, no TSMA and runs no compaction jobs,
 * so those tables are empty by construction; ins_indexes lists the tag indexes (catalog/tag-indexes.ts). Topics,
 * subscriptions and consumers are in topics.ts.
 */

export const functionsTable: SystemTableDef = {
  name: 'ins_functions',
  sysInfo: false,
  columns: [
    varchar('name', 64),
    varchar('comment', 4095),
    int('aggregate'),
    varchar('output_type', 31),
    timestamp('create_time'),
    int('code_len'),
    int('bufsize'),
    varchar('func_language', 31),
    varchar('func_body', LEN.MAX_BINARY),
    int('func_version'),
  ],
  rows: () => [],
};

export const indexesTable: SystemTableDef = {
  name: 'ins_indexes',
  sysInfo: false,
  columns: [
    varchar('index_name', LEN.TABLE_NAME),
    varchar('db_name', LEN.DB_NAME),
    varchar('table_name', LEN.TABLE_NAME),
    int('vgroup_id', SYS),
    timestamp('create_time'),
    varchar('column_name', LEN.TABLE_NAME),
    varchar('index_type', LEN.TABLE_NAME),
  ],
  rows: (ctx) =>
    visibleDatabases(ctx).flatMap((db) =>
      Object.values(db.stables).flatMap((s) =>
        stableTagIndexes(s).map((i) => [i.name, db.name, s.name, null, i.createTime, i.tag, 'tag_index']),
      ),
    ),
};

export const viewsTable: SystemTableDef = {
  name: 'ins_views',
  sysInfo: false,
  columns: [
    varchar('view_name', LEN.TABLE_NAME),
    varchar('db_name', LEN.DB_NAME),
    varchar('effective_user', LEN.USER),
    timestamp('create_time'),
    varchar('type', 128),
    varchar('query_sql', LEN.SHOW_SQL),
    varchar('parameters', 2048),
    varchar('default_values', 2048),
    varchar('target_table', LEN.TABLE_NAME),
  ],
  rows(ctx) {
    return visibleDatabases(ctx).flatMap((db) =>
      Object.values(db.views).map((v) => [v.name, db.name, v.owner, v.createTime, 'NORMAL', v.sql, null, null, null]),
    );
  },
};

export const streamsTable: SystemTableDef = {
  name: 'ins_streams',
  sysInfo: false,
  columns: [
    varchar('stream_name', LEN.TABLE_NAME),
    timestamp('create_time'),
    varchar('stream_id', 19),
    varchar('history_id', 19),
    varchar('sql', LEN.SHOW_SQL),
    varchar('status', 20),
    varchar('source_db', LEN.DB_NAME),
    varchar('target_db', LEN.DB_NAME),
    varchar('target_table', LEN.TABLE_NAME),
    bigint('watermark'),
    varchar('trigger', 20),
    varchar('sink_quota', 20),
    varchar('checkpoint_interval', 20),
    varchar('checkpoint_backup', 20),
    varchar('history_scan_idle', 20),
  ],
  rows: (ctx) => ctx.objects?.streams(ctx) ?? [],
};

export const compactsTable: SystemTableDef = {
  name: 'ins_compacts',
  sysInfo: false,
  columns: [int('compact_id'), varchar('db_name', LEN.DB_NAME), timestamp('start_time')],
  rows: () => [],
};
