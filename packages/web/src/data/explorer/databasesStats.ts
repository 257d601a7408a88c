import { useQuery } from '@tanstack/react-query';
import { quoteText } from '@tscloud/contracts/sql';
import type { InstanceRef } from '../instances/control';
import { explorerKeys } from './keys';
import { sqlObjects } from '../sql/run';

/**
 * The numbers of the view-database panel beside its ins_databases row (docs/web-explorer.md "Database panel"):
 * disk use from information_schema.ins_disk_usage and table counts from ins_stables / ins_tables.
 */

/** One database's disk use in KB (TDengine's unit), summed over its vgroups. */
export interface DiskUsage {
  wal: number;
  data1: number;
  data2: number;
  data3: number;
  cache_rdb: number;
  table_meta: number;
  s3: number;
  /** Uncompressed size of the rows (an estimate). */
  raw_data: number;
}
const DISK_PARTS: readonly (keyof DiskUsage)[] = ['wal', 'data1', 'data2', 'data3', 'cache_rdb', 'table_meta', 's3', 'raw_data'];

export const diskUsageSql = (db: string) => `SELECT * FROM information_schema.ins_disk_usage WHERE db_name = ${quoteText(db)}`;

/**
 * The database's disk use, or null when the engine user may not read it: every column of ins_disk_usage is system
 * information, which the console's per-member engine users (SYSINFO 0) are refused. A refusal is not a failure of
 * the panel, so any engine error here reads as "not available".
 */
export async function fetchDiskUsage(instance: InstanceRef, db: string): Promise<DiskUsage | null> {
  const rows = await sqlObjects(instance, diskUsageSql(db)).catch(() => null);
  if (!rows) return null;
  const usage = Object.fromEntries(DISK_PARTS.map((part) => [part, 0])) as unknown as DiskUsage;
  for (const row of rows) for (const part of DISK_PARTS) usage[part] += Number(row[part] ?? 0);
  return usage;
}

export function useDiskUsage(instance: InstanceRef, db: string) {
  return useQuery({ queryKey: [...explorerKeys.database(instance.id, db), 'diskUsage'], queryFn: () => fetchDiskUsage(instance, db) });
}

export interface TableCounts {
  stables: number;
  childTables: number;
  normalTables: number;
}

// `type` is a keyword: quoted as the TDengine docs show for system-table columns.
export const tableKindCountsSql = (db: string) =>
  `SELECT \`type\`, count(*) AS n FROM information_schema.ins_tables WHERE db_name = ${quoteText(db)} GROUP BY \`type\``;
export const stableCountSql = (db: string) => `SELECT count(*) AS n FROM information_schema.ins_stables WHERE db_name = ${quoteText(db)}`;

/** Super, child and normal tables of the database (two small counts any reader of the database may run). */
export async function fetchTableCounts(instance: InstanceRef, db: string): Promise<TableCounts> {
  const [stables, kinds] = await Promise.all([sqlObjects(instance, stableCountSql(db)), sqlObjects(instance, tableKindCountsSql(db))]);
  const ofKind = (kind: string) => Number(kinds.find((r) => r.type === kind)?.n ?? 0);
  return { stables: Number(stables[0]?.n ?? 0), childTables: ofKind('CHILD_TABLE'), normalTables: ofKind('NORMAL_TABLE') };
}

export function useTableCounts(instance: InstanceRef, db: string) {
  return useQuery({ queryKey: [...explorerKeys.database(instance.id, db), 'tableCounts'], queryFn: () => fetchTableCounts(instance, db) });
}
