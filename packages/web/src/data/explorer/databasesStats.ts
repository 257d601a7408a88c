import { useQuery } from '@tanstack/react-query';
import type { DatabaseDiskUsage } from '@tscloud/contracts';
import { quoteText } from '@tscloud/contracts/sql';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { explorerKeys } from './keys';
import { sqlObjects } from '../sql/run';

/**
 * The numbers of the view-database panel beside its ins_databases row (docs/web-explorer.md "Database panel"):
 * disk use (a server call) and table counts from ins_stables / ins_tables.
 */

/** One database's disk use in KB (TDengine's unit), summed over its vgroups. */
export type DiskUsage = DatabaseDiskUsage;

/**
 * GET /api/data/user/diskusage/{appId}/{db}: the database's disk use, read by the server as the instance superuser
 * (ins_disk_usage is system information the member's engine user may not read); null when it cannot be read now.
 */
export async function fetchDiskUsage(instance: InstanceRef, db: string): Promise<DiskUsage | null> {
  return http.get<DatabaseDiskUsage>(`/data/user/diskusage/${encodeURIComponent(instance.id)}/${encodeURIComponent(db)}`, { silent: true }).catch(() => null);
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
