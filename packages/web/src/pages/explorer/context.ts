import type { Instance } from '@tscloud/contracts';

/** What every explorer panel needs to know about the instance it works on. */
export interface ExplorerInstance {
  id: string;
  region_id: string;
  /** Engine version (version gates of §3 and the 3.3.0 compression options). */
  image_version: string;
  ha: number;
  /** Free plan: the database limit message. */
  free: boolean;
  /** The plan's VGROUPS per database (the create form's ceiling); undefined while the plan list loads. */
  maxVgroups?: number;
  privileges: readonly string[];
  /** A shared or platform database: read through the token SQL call with this access code. */
  token?: string;
}

export function explorerInstance(instance: Instance, free: boolean): ExplorerInstance {
  return { id: instance.id, region_id: instance.region_id, image_version: instance.image_version, ha: Number(instance.ha ?? 0), free, privileges: instance.privileges ?? [] };
}

/** A shared or platform database as its own read-only explorer target (its tree item keys its queries). */
export function sharedTarget(base: ExplorerInstance, item: { key: string; region_id: string; access_code: string }): ExplorerInstance {
  return { ...base, id: item.key, region_id: item.region_id, token: item.access_code, privileges: [] };
}

/** What the detail area shows; `source` is the key of a shared or platform database's tree item. */
export type Selection =
  | { kind: 'database'; db: string; source?: string }
  | { kind: 'stable'; db: string; name: string; source?: string }
  | { kind: 'tables'; db: string; source?: string }
  | { kind: 'table'; db: string; name: string; source?: string }
  | { kind: 'views'; db: string; source?: string }
  | { kind: 'mart' };

/**
 * The selection an address asks for (`/explorer?db=d&stable=s` or `?db=d&table=t`, e.g. the streams screen's
 * "open output table" link); null when it names no database.
 */
export function selectionFromSearch(search: URLSearchParams): Selection | null {
  const db = search.get('db');
  if (!db) return null;
  const stable = search.get('stable');
  if (stable) return { kind: 'stable', db, name: stable };
  const table = search.get('table');
  if (table) return { kind: 'table', db, name: table };
  return { kind: 'database', db };
}
