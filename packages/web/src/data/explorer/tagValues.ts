import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tagValuesCountSql, tagValuesSql, TABLE_PAGE_SIZE } from '../../explorer-sql';
import type { InstanceRef } from '../instances/control';
import { explorerKeys } from './keys';
import { sqlObjects } from '../sql/run';

export interface TagValuesPage {
  items: { value: string | null; total: number }[];
  /** How many distinct values the tag has: the list shows one page of them. */
  total: number;
}

/** One page (TABLE_PAGE_SIZE) of a tag's values with how many child tables carry each, and the true total. */
export async function fetchTagValues(instance: InstanceRef, db: string, stable: string, tag: string, tagType: string, page: number): Promise<TagValuesPage> {
  const [count] = await sqlObjects(instance, tagValuesCountSql(db, stable, tag));
  const total = Number(count?.total ?? 0);
  if (total === 0) return { items: [], total };
  const rows = await sqlObjects(instance, tagValuesSql(db, stable, tag, tagType, (page - 1) * TABLE_PAGE_SIZE, TABLE_PAGE_SIZE));
  return { total, items: rows.map((r) => ({ value: r.tag_value === null ? null : String(r.tag_value), total: Number(r.total) })) };
}

export function useTagValues(instance: InstanceRef, db: string, stable: string, tag: { name: string; type: string } | null, page: number) {
  return useQuery({
    queryKey: explorerKeys.tagValues(instance.id, db, stable, tag?.name ?? '', page),
    queryFn: () => fetchTagValues(instance, db, stable, tag!.name, tag!.type, page),
    enabled: tag !== null,
    placeholderData: keepPreviousData,
  });
}
