import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExplorerView } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { explorerKeys } from './keys';

/** Views of a database (contracts api/explorer-views.ts): list, create, update (query), delete. */
const base = (i: InstanceRef) => `/region/${encodeURIComponent(i.region_id)}/view`;
const key = (i: InstanceRef, db: string) => [...explorerKeys.database(i.id, db), 'views'] as const;

export function useViews(instance: InstanceRef, db: string) {
  return useQuery({ queryKey: key(instance, db), queryFn: () => http.get<ExplorerView[]>(`${base(instance)}/list/${encodeURIComponent(instance.id)}`, { query: { db } }) });
}

export function useViewMutations(instance: InstanceRef, db: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: key(instance, db) });
  return {
    create: useMutation({ mutationFn: (v: { name: string; sql: string }) => http.post<ExplorerView>(`${base(instance)}/create`, { app_id: instance.id, db, ...v }, { silent: true }), onSuccess: refresh }),
    update: useMutation({ mutationFn: (v: { id: string; sql: string }) => http.put<ExplorerView>(`${base(instance)}/update`, v, { silent: true }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => http.delete<{ id: string }>(`${base(instance)}/${encodeURIComponent(id)}`), onSuccess: refresh }),
  };
}
