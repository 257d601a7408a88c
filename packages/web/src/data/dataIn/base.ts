import type { InstanceRef } from '../instances/control';

/** Every replication call is under /region/{region}/replication/{appId} (data-in.md §7). */
export const replicationPath = (instance: InstanceRef, what: string) =>
  `/region/${encodeURIComponent(instance.region_id)}/replication/${encodeURIComponent(instance.id)}/${what}`;

/** §9: long calls (datasets, downloads) 10 minutes, the connection check 2 minutes. */
export const LONG_CALL_MS = 600_000;
export const VALIDATE_CALL_MS = 120_000;
