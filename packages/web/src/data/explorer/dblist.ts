import { useQuery } from '@tanstack/react-query';
import type { DbListItem, StableListItem } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { explorerKeys } from './keys';

/** GET /api/data/user/dblist/{instanceId}: the databases the member may see (the tree's top level). */
export function fetchDbList(instance: InstanceRef): Promise<DbListItem[]> {
  return http.get<DbListItem[]>(`/data/user/dblist/${encodeURIComponent(instance.id)}`);
}

export function useDbList(instance: InstanceRef | null) {
  return useQuery({ queryKey: explorerKeys.dblist(instance?.id ?? ''), queryFn: () => fetchDbList(instance!), enabled: instance !== null });
}

/** GET /api/data/user/stablelist/{appId}/{db}: super tables the member holds a stable privilege on. §8: a failure degrades to an empty list. */
export async function fetchStableAccess(instance: InstanceRef, db: string): Promise<StableListItem[]> {
  try {
    return await http.get<StableListItem[]>(`/data/user/stablelist/${encodeURIComponent(instance.id)}/${encodeURIComponent(db)}`, { silent: true });
  } catch {
    return [];
  }
}

export function useStableAccess(instance: InstanceRef, db: string) {
  return useQuery({ queryKey: explorerKeys.stableAccess(instance.id, db), queryFn: () => fetchStableAccess(instance, db) });
}
