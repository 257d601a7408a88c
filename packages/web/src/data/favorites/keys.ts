export type FavoriteKind = 'personal' | 'shared';

/** What the save and change calls answer: the saved query's id and where it is now. */
export interface SavedQueryRef {
  id: string;
  name: string;
  folder: string;
}

/** Query keys of the console's saved queries (favorites), per instance and kind. */
export const favoriteKeys = {
  all: ['favorites'] as const,
  list: (appId: string, kind: FavoriteKind) => [...favoriteKeys.all, appId, kind] as const,
};

/** The path of each kind (data-explorer.md §7 SQL console favorites). */
export const favoritePath = (region: string, kind: FavoriteKind) => `/region/${encodeURIComponent(region)}/data/${kind === 'shared' ? 'shared_favorite' : 'favorite'}`;
