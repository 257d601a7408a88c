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
  privileges: readonly string[];
}

export function explorerInstance(instance: Instance, free: boolean): ExplorerInstance {
  return { id: instance.id, region_id: instance.region_id, image_version: instance.image_version, ha: Number(instance.ha ?? 0), free, privileges: instance.privileges ?? [] };
}

/** What the detail area shows. */
export type Selection =
  | { kind: 'database'; db: string }
  | { kind: 'stable'; db: string; name: string }
  | { kind: 'tables'; db: string }
  | { kind: 'table'; db: string; name: string }
  | { kind: 'views'; db: string }
  | { kind: 'mart' };
