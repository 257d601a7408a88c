import type { Favorite } from '@tscloud/contracts';

/** A folder of the saved-queries panel and the queries in it; folder '' holds those in no folder. */
export interface SavedFolder {
  folder: string;
  queries: Favorite[];
}

/** The first non-blank line of a statement, as the panel shows it under the name. */
export function firstLine(sql: string): string {
  return sql.trim().split(/\r\n|\r|\n/, 1)[0] ?? '';
}

/** Whether a saved query matches the search text: in its name or its SQL, ignoring case; empty matches all. */
export function matchesSearch(query: Pick<Favorite, 'name' | 'sql'>, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  return !needle || query.name.toLocaleLowerCase().includes(needle) || query.sql.toLocaleLowerCase().includes(needle);
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });

/**
 * The panel's tree: named folders in name order (only those with a match), then the queries in no folder;
 * queries in name order within each ("q2" before "q10").
 */
export function savedTree(list: readonly Favorite[], search: string): SavedFolder[] {
  const folders = new Map<string, Favorite[]>();
  for (const query of list) {
    if (!matchesSearch(query, search)) continue;
    folders.set(query.folder, [...(folders.get(query.folder) ?? []), query]);
  }
  const named = [...folders.keys()].filter((f) => f !== '').sort(byName);
  return [...named, ...(folders.has('') ? [''] : [])].map((folder) => ({ folder, queries: folders.get(folder)!.sort((a, b) => byName(a.name, b.name)) }));
}

/** The folders of a list, in name order: what the save and move dialogs offer. */
export function folderNames(list: readonly Pick<Favorite, 'folder'>[]): string[] {
  return [...new Set(list.map((f) => f.folder).filter((f) => f !== ''))].sort(byName);
}
