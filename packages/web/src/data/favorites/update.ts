import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavoriteUpdate } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { favoriteKeys, favoritePath, type FavoriteKind, type SavedQueryRef } from './keys';

/** PUT /api/region/{r}/data/favorite|shared_favorite/{id} {name?, folder?, sql?}: rename, move or edit. */
export function updateFavorite(instance: InstanceRef, kind: FavoriteKind, id: string, change: FavoriteUpdate): Promise<SavedQueryRef> {
  return http.put<SavedQueryRef>(`${favoritePath(instance.region_id, kind)}/${encodeURIComponent(id)}`, change);
}

export function useUpdateFavorite(instance: InstanceRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, change }: { kind: FavoriteKind; id: string; change: FavoriteUpdate }) => updateFavorite(instance, kind, id, change),
    onSuccess: (_r, { kind }) => client.invalidateQueries({ queryKey: favoriteKeys.list(instance.id, kind) }),
  });
}
