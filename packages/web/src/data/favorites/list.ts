import { useQuery } from '@tanstack/react-query';
import type { Favorite } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { favoriteKeys, favoritePath, type FavoriteKind } from './keys';

/** GET /api/region/{r}/data/favorite|shared_favorite?app_id=: in folder, then name order. */
export function fetchFavorites(instance: InstanceRef, kind: FavoriteKind): Promise<Favorite[]> {
  return http.get<Favorite[]>(favoritePath(instance.region_id, kind), { query: { app_id: instance.id } });
}

export function useFavorites(instance: InstanceRef | null, kind: FavoriteKind) {
  return useQuery({ queryKey: favoriteKeys.list(instance?.id ?? '', kind), queryFn: () => fetchFavorites(instance!, kind), enabled: instance !== null });
}
