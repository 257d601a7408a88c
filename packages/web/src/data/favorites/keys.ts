export type FavoriteKind = 'personal' | 'shared';

/** Query keys of the console's favorites, per instance and kind. */
export const favoriteKeys = {
  all: ['favorites'] as const,
  list: (appId: string, kind: FavoriteKind) => [...favoriteKeys.all, appId, kind] as const,
};

/** The path of each kind (data-explorer.md §7 SQL console favorites). */
export const favoritePath = (region: string, kind: FavoriteKind) => `/region/${encodeURIComponent(region)}/data/${kind === 'shared' ? 'shared_favorite' : 'favorite'}`;
