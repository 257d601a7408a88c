import { useQuery, type QueryClient } from '@tanstack/react-query';
import { quoteName, quoteText } from '@tscloud/contracts/sql';
import type { InstanceRef } from '../instances/control';
import { consoleKeys } from './keys';
import { sqlRows, type SqlOptions } from '../sql/run';

/**
 * What the console completes and the query builder offers: databases, their super tables and tables, and a table's
 * columns and tags, read through the SQL call as the member (SHOW DATABASES, information_schema.ins_stables /
 * ins_tables, DESCRIBE) and cached per instance. Names are read from the result by column name, not position.
 */
export interface CatalogTable {
  name: string;
  kind: 'stable' | 'table' | 'child';
  /** A child table's super table. */
  stable?: string;
}

export interface CatalogColumn {
  name: string;
  type: string;
  length: number;
  /** TAG for tags ('' for columns), as DESCRIBE's note says. */
  isTag: boolean;
}

/** Tables listed per database for completion: enough to type against, not every child of a large super table. */
export const CATALOG_TABLE_LIMIT = 1000;
const STALE_MS = 60_000;
/** Catalog reads go out like the console's statements (with timing), so the console's calls have one shape. */
const CATALOG_READ: SqlOptions = { timing: true };
const SYSTEM_DATABASES = new Set(['information_schema', 'performance_schema']);


export async function fetchDatabases(instance: InstanceRef): Promise<string[]> {
  const data = await sqlRows(instance, 'SHOW DATABASES', CATALOG_READ);
  return data.map((r) => String(r[0])).filter((name) => !SYSTEM_DATABASES.has(name));
}

export async function fetchTables(instance: InstanceRef, db: string): Promise<CatalogTable[]> {
  const stables = await sqlRows(instance, `SELECT stable_name FROM information_schema.ins_stables WHERE db_name = ${quoteText(db)}`, CATALOG_READ);
  const tables = await sqlRows(instance, `SELECT table_name, stable_name FROM information_schema.ins_tables WHERE db_name = ${quoteText(db)} LIMIT ${CATALOG_TABLE_LIMIT}`, CATALOG_READ);
  return [
    ...stables.map((r) => ({ name: String(r[0]), kind: 'stable' as const })),
    ...tables.map((r) => (r[1] ? { name: String(r[0]), kind: 'child' as const, stable: String(r[1]) } : { name: String(r[0]), kind: 'table' as const })),
  ];
}

export async function fetchColumns(instance: InstanceRef, db: string, table: string): Promise<CatalogColumn[]> {
  const data = await sqlRows(instance, `DESCRIBE ${quoteName(db)}.${quoteName(table)}`, CATALOG_READ);
  return data.map((r) => ({ name: String(r[0]), type: String(r[1]), length: Number(r[2]) || 0, isTag: String(r[3] ?? '').toUpperCase() === 'TAG' }));
}

export const databasesQuery = (instance: InstanceRef) => ({ queryKey: consoleKeys.databases(instance.id), queryFn: () => fetchDatabases(instance), staleTime: STALE_MS });
export const tablesQuery = (instance: InstanceRef, db: string) => ({ queryKey: consoleKeys.tables(instance.id, db), queryFn: () => fetchTables(instance, db), staleTime: STALE_MS });
export const columnsQuery = (instance: InstanceRef, db: string, table: string) => ({
  queryKey: consoleKeys.columns(instance.id, db, table),
  queryFn: () => fetchColumns(instance, db, table),
  staleTime: STALE_MS,
});

export function useDatabases(instance: InstanceRef | null) {
  return useQuery({ ...databasesQuery(instance ?? { id: '', region_id: '' }), enabled: instance !== null });
}

export function useTables(instance: InstanceRef | null, db: string | null) {
  return useQuery({ ...tablesQuery(instance ?? { id: '', region_id: '' }, db ?? ''), enabled: instance !== null && !!db });
}

export function useColumns(instance: InstanceRef | null, db: string | null, table: string | null) {
  return useQuery({ ...columnsQuery(instance ?? { id: '', region_id: '' }, db ?? '', table ?? ''), enabled: instance !== null && !!db && !!table });
}

/** After a statement that may change the catalog (CREATE, DROP, ALTER …), the cached catalog is read again. */
export function refreshCatalog(client: QueryClient, appId: string): Promise<void> {
  return client.invalidateQueries({ queryKey: consoleKeys.instance(appId) });
}
