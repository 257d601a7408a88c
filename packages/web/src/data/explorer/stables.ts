import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { childCountsSql, describedFields, describeSql, stableNamesSql, stableCountSql, stablePageSql, stableSearchSql, type DescribedField } from '../../explorer-sql';
import type { InstanceRef } from '../instances/control';
import { explorerKeys } from './keys';
import { sqlCall, sqlObjects, sqlSequence } from '../sql/run';

/** One super table of the list (§3): name, times and its child-table count. */
export interface StableItem {
  stable_name: string;
  create_time: unknown;
  last_update: unknown;
  columns: number;
  tags: number;
  /** Child tables. */
  total: number;
}

async function withCounts(instance: InstanceRef, db: string, rows: Record<string, unknown>[]): Promise<StableItem[]> {
  if (rows.length === 0) return [];
  const counts = new Map((await sqlObjects(instance, childCountsSql(db, rows.map((r) => String(r.stable_name))))).map((r) => [String(r.stable_name), Number(r.total)]));
  return rows.map((r) => ({
    stable_name: String(r.stable_name),
    create_time: r.create_time,
    last_update: r.last_update,
    columns: Number(r.columns ?? 0),
    tags: Number(r.tags ?? 0),
    total: counts.get(String(r.stable_name)) ?? 0,
  }));
}

/** One page (8) of the database's super tables with their counts, and the total. */
export async function fetchStablePage(instance: InstanceRef, db: string, offset: number, limit: number): Promise<{ items: StableItem[]; total: number }> {
  const [count] = await sqlObjects(instance, stableCountSql(db));
  const items = await withCounts(instance, db, await sqlObjects(instance, stablePageSql(db, offset, limit)));
  return { items, total: Number(count?.total ?? 0) };
}

/** §2: super tables whose name contains `matcher`, at most 100. */
export async function searchStables(instance: InstanceRef, db: string, matcher: string): Promise<StableItem[]> {
  return withCounts(instance, db, await sqlObjects(instance, stableSearchSql(db, matcher)));
}

export async function fetchDescribe(instance: InstanceRef, db: string, table: string): Promise<DescribedField[]> {
  const result = await sqlCall(instance, describeSql(db, table));
  return describedFields(result.column_meta.map((c) => c[0]), result.data);
}

export function useDescribe(instance: InstanceRef, db: string, table: string | null) {
  return useQuery({ queryKey: explorerKeys.describe(instance.id, db, table ?? ''), queryFn: () => fetchDescribe(instance, db, table!), enabled: table !== null });
}


/** Statements that change a database's super tables or tables; success refreshes that database's reads. */
export function useSchemaChange(instance: InstanceRef, db: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (statements: string[]) => sqlSequence(instance, statements),
    onSettled: () => client.invalidateQueries({ queryKey: explorerKeys.database(instance.id, db) }),
  });
}

/** Names of the database's super tables (the parent choice of a new child table), at most 1000. */
export function useStableNames(instance: InstanceRef, db: string) {
  return useQuery({
    queryKey: [...explorerKeys.stables(instance.id, db), 'names'],
    queryFn: async () => (await sqlObjects(instance, stableNamesSql(db))).map((r) => String(r.stable_name)),
  });
}
