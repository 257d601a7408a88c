import { ENGINE_VERSION, type Instance } from '@tscloud/contracts';

/**
 * What a TDengine cluster of a version can do, for the screens that depend on it (docs/clusters.md "Health and
 * version"): the console enables or hides a feature by this, and says so, rather than letting a statement fail.
 */
export interface ClusterFeatures {
  /** A 3.x server: the REST protocol and SQL the console speaks. */
  supported: boolean;
  /** 3.3.7.0 replaced CREATE STREAM … INTO … AS SELECT with the trigger model (tdengine-facts §3.3). */
  streamModel: 'classic' | 'triggers';
  /** DECIMAL columns (3.3.6.0). */
  decimal: boolean;
  /** Virtual tables (3.3.6.0). */
  virtualTables: boolean;
}

/** `3.3.7.5` → [3, 3, 7, 5]; null when the text is not a dotted version. */
export function versionParts(version: string): number[] | null {
  const match = /^\s*(\d+(?:\.\d+){0,3})/.exec(version);
  return match ? match[1].split('.').map(Number) : null;
}

/** Whether `parts` is at least `floor` (missing parts count as 0). */
function atLeast(parts: number[], floor: number[]): boolean {
  for (let i = 0; i < floor.length; i++) {
    const part = parts[i] ?? 0;
    if (part !== floor[i]) return part > floor[i];
  }
  return true;
}

export function featuresOf(version: string): ClusterFeatures {
  const parts = versionParts(version);
  if (!parts || parts[0] !== 3) return { supported: false, streamModel: 'classic', decimal: false, virtualTables: false };
  return {
    supported: true,
    streamModel: atLeast(parts, [3, 3, 7]) ? 'triggers' : 'classic',
    decimal: atLeast(parts, [3, 3, 6]),
    virtualTables: atLeast(parts, [3, 3, 6]),
  };
}

/**
 * What serves an instance, as its screens need it: our engine (its version, the classic stream grammar), or a
 * TDengine cluster (its name, its detected version and what that version speaks; a cluster not checked yet counts as
 * our engine's version).
 */
export function serverOfInstance(cluster: { name: string; serverVersion: string | null } | null | undefined): Pick<Instance, 'image_version' | 'backend' | 'stream_model'> {
  if (!cluster) return { image_version: ENGINE_VERSION, backend: { kind: 'engine' }, stream_model: 'classic' };
  const version = cluster.serverVersion ?? ENGINE_VERSION;
  return { image_version: version, backend: { kind: 'tdengine-cluster', cluster_name: cluster.name }, stream_model: featuresOf(version).streamModel };
}
