import { isSavedQueryNameTaken, type Favorite, type SavedQueryForm } from '@tscloud/contracts';
import { useFavorites } from '../../../../data/favorites/list';
import type { InstanceRef } from '../../../../data/instances/control';
import { folderNames } from './savedTree';

const EMPTY: Favorite[] = [];

/**
 * Both lists of the instance's saved queries for the save and move dialogs: their folders, and whether a name is
 * taken where the form puts it (`exceptId`: the query being renamed). `instance` null loads nothing (dialog closed).
 */
export function useSavedQueryLists(instance: InstanceRef | null, exceptId?: string) {
  const personal = useFavorites(instance, 'personal').data ?? EMPTY;
  const shared = useFavorites(instance, 'shared').data ?? EMPTY;
  const listOf = (isShared: boolean) => (isShared ? shared : personal);
  return {
    foldersOf: (isShared: boolean) => folderNames(listOf(isShared)),
    isTaken: (form: SavedQueryForm) => isSavedQueryNameTaken(listOf(form.shared), form.name, form.folder, exceptId),
  };
}
