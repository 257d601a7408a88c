import { z } from 'zod';

/**
 * The data explorer's server calls (data-explorer.md §3 SQL result / Favorite SQL, §7 Databases, SQL console;
 * docs/explorer-server.md). Every call answers in the standard envelope; the SQL calls put the engine's own
 * result in `data`, so an engine error is envelope code 200 with `data.code` ≠ 0 and `data.desc`.
 */

/** The longest statement (or favorite) accepted. */
export const SQL_MAX_LENGTH = 1_048_576;
/** §3: databases no one may create or drop. */
export const RESERVED_DATABASES: readonly string[] = ['information_schema', 'performance_schema'];

/** One result column as the engine's REST protocol reports it: name, type name, length. */
export type SqlColumnMeta = [string, string, number];

/** §3 SQL result: code 0 is success; otherwise desc says why (shown persistently by the console). */
export interface SqlResult {
  code: number;
  desc?: string;
  column_meta: SqlColumnMeta[];
  data: unknown[][];
  rows: number;
  /** With `timing: true`: execution as the engine measured it and total as the server did, in ms. */
  timing?: { execution_ms: number | null; total_ms: number };
  /** After a successful `USE db`: the database the console makes current (issue 13 item 3). */
  database?: string;
}

/** A statement's text (or a saved query's): not blank, at most SQL_MAX_LENGTH. */
export const sqlTextSchema = z
  .string({ message: 'validation.sql' })
  .max(SQL_MAX_LENGTH, { message: 'validation.sql' })
  .refine((s) => s.trim().length > 0, { message: 'validation.sql' });

/** The console tab's current database: unqualified names in the statement are in it (REST `/rest/sql/{db}`). */
const currentDatabase = z
  .string({ message: 'validation.currentDatabase' })
  .refine((s) => s.length > 0 && new TextEncoder().encode(s).length <= 64, { message: 'validation.currentDatabase' });

export const sqlRequestSchema = z.object({ sql: sqlTextSchema, timing: z.boolean().optional(), db: currentDatabase.optional() });
export type SqlRequest = z.infer<typeof sqlRequestSchema>;

export const sqlOnlyRequestSchema = z.object({ sql: sqlTextSchema });

/** GET /api/data/user/dblist/{instanceId}: one tree node per database the member may see. */
/**
 * GET /api/data/user/diskusage/{appId}/{db}: one database's disk use in KB (TDengine's unit), summed over its vgroups
 * from information_schema.ins_disk_usage, read by the server as the instance superuser (member engine users have no
 * system-information rights) for a member who may read the database. raw_data is the estimated uncompressed size.
 */
export interface DatabaseDiskUsage {
  wal: number;
  data1: number;
  data2: number;
  data3: number;
  cache_rdb: number;
  table_meta: number;
  s3: number;
  raw_data: number;
}
export const DISK_USAGE_PARTS = ['wal', 'data1', 'data2', 'data3', 'cache_rdb', 'table_meta', 's3', 'raw_data'] as const satisfies readonly (keyof DatabaseDiskUsage)[];
/** The ins_disk_usage column of each part, in DISK_USAGE_PARTS' order: TDengine 3.3.7 (and the engine) name the shared-storage column `ss`. */
export const DISK_USAGE_COLUMNS: readonly string[] = DISK_USAGE_PARTS.map((part) => (part === 's3' ? 'ss' : part));

export interface DbListItem {
  databaseName: string;
  name: string;
  privileges: Array<{ name: string }>;
  typeName: 'database';
  /** The instance id. */
  parent: string;
  /** `${instanceId}/${databaseName}`: unique in the console's tree. */
  key: string;
}

/** GET /api/data/user/stablelist/{appId}/{db}. */
export interface StableListItem {
  stableName: string;
  privileges: Array<{ name: string }>;
}
