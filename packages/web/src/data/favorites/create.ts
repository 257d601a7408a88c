import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Favorite } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { favoriteKeys, favoritePath, type FavoriteKind } from './keys';

/** POST /api/region/{r}/data/favorite|shared_favorite {app_id, sql}. */
export function createFavorite(instance: InstanceRef, kind: FavoriteKind, sql: string): Promise<Favorite> {
  return http.post<Favorite>(favoritePath(instance.region_id, kind), { app_id: instance.id, sql });
}

export function useCreateFavorite(instance: InstanceRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, sql }: { kind: FavoriteKind; sql: string }) => createFavorite(instance, kind, sql),
    onSuccess: (_f, { kind }) => client.invalidateQueries({ queryKey: favoriteKeys.list(instance.id, kind) }),
  });
}
