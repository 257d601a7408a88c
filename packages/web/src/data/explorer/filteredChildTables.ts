import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { filteredChildTablesCountSql, filteredChildTablesSql, TABLE_PAGE_SIZE } from '../../explorer-sql';
import type { InstanceRef } from '../instances/control';
import { explorerKeys } from './keys';
import { sqlObjects } from '../sql/run';

/** One page (TABLE_PAGE_SIZE) of the child tables whose tags match the advanced filter, and how many match in all. */
export async function fetchFilteredChildTables(instance: InstanceRef, db: string, stable: string, where: string, page: number): Promise<{ items: string[]; total: number }> {
  const [count] = await sqlObjects(instance, filteredChildTablesCountSql(db, stable, where));
  const total = Number(count?.total ?? 0);
  if (total === 0) return { items: [], total };
  const rows = await sqlObjects(instance, filteredChildTablesSql(db, stable, where, (page - 1) * TABLE_PAGE_SIZE, TABLE_PAGE_SIZE));
  return { total, items: rows.map((r) => String(r.tbname)) };
}

export function useFilteredChildTables(instance: InstanceRef, db: string, stable: string, where: string | null, page: number) {
  return useQuery({
    queryKey: explorerKeys.filter(instance.id, db, stable, where ?? '', page),
    queryFn: () => fetchFilteredChildTables(instance, db, stable, where!, page),
    enabled: where !== null,
    placeholderData: keepPreviousData,
  });
}
