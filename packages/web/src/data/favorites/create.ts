import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { favoriteKeys, favoritePath, type FavoriteKind, type SavedQueryRef } from './keys';

export interface SavedQueryCreate {
  sql: string;
  /** Without a name the server names it after the SQL's first line. */
  name?: string;
  folder?: string;
}

/** POST /api/region/{r}/data/favorite|shared_favorite {app_id, sql, name?, folder?}: the name it got. */
export function createFavorite(instance: InstanceRef, kind: FavoriteKind, body: SavedQueryCreate): Promise<SavedQueryRef> {
  return http.post<SavedQueryRef>(favoritePath(instance.region_id, kind), { app_id: instance.id, ...body });
}

export function useCreateFavorite(instance: InstanceRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: SavedQueryCreate & { kind: FavoriteKind }) => createFavorite(instance, kind, body),
    onSuccess: (_f, { kind }) => client.invalidateQueries({ queryKey: favoriteKeys.list(instance.id, kind) }),
  });
}
