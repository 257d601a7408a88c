import { useQuery } from '@tanstack/react-query';
import { childTagsSql, tablesCountSql, tablesPageSql, TABLE_PAGE_SIZE } from '../../explorer-sql';
import type { InstanceRef } from '../instances/control';
import { explorerKeys } from './keys';
import { sqlObjects } from '../sql/run';

export interface TableItem {
  table_name: string;
  stable_name: string | null;
  type: string;
  create_time: unknown;
  columns: number;
}

/** §2 paged read: the count first, then the page (information_schema.ins_tables); `matcher` searches names. */
export async function fetchTablesPage(instance: InstanceRef, db: string, stable: string | null, page: number, matcher = ''): Promise<{ items: TableItem[]; total: number }> {
  const [count] = await sqlObjects(instance, tablesCountSql(db, stable, matcher));
  const total = Number(count?.total ?? 0);
  if (total === 0) return { items: [], total };
  const rows = await sqlObjects(instance, tablesPageSql(db, (page - 1) * TABLE_PAGE_SIZE, TABLE_PAGE_SIZE, stable, matcher));
  return {
    total,
    items: rows.map((r) => ({ table_name: String(r.table_name), stable_name: r.stable_name ? String(r.stable_name) : null, type: String(r.type ?? ''), create_time: r.create_time, columns: Number(r.columns ?? 0) })),
  };
}

export function useTablesPage(instance: InstanceRef, db: string, stable: string | null, page: number, matcher = '') {
  return useQuery({ queryKey: explorerKeys.tables(instance.id, db, stable, page, matcher), queryFn: () => fetchTablesPage(instance, db, stable, page, matcher) });
}

/** A child table's tag values (ins_tags). */
export function useChildTags(instance: InstanceRef, db: string, table: string | null) {
  return useQuery({
    queryKey: explorerKeys.childTags(instance.id, db, table ?? ''),
    queryFn: async () => (await sqlObjects(instance, childTagsSql(db, table!))).map((r) => ({ name: String(r.tag_name), type: String(r.tag_type), value: r.tag_value === null ? null : String(r.tag_value) })),
    enabled: table !== null,
  });
}

