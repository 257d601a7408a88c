import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { favoriteKeys, favoritePath, type FavoriteKind } from './keys';

/** DELETE /api/region/{r}/data/favorite|shared_favorite/{id}. */
export function removeFavorite(instance: InstanceRef, kind: FavoriteKind, id: string): Promise<unknown> {
  return http.delete<unknown>(`${favoritePath(instance.region_id, kind)}/${encodeURIComponent(id)}`);
}

export function useRemoveFavorite(instance: InstanceRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: FavoriteKind; id: string }) => removeFavorite(instance, kind, id),
    onSuccess: (_r, { kind }) => client.invalidateQueries({ queryKey: favoriteKeys.list(instance.id, kind) }),
  });
}
