import type { InstanceRef } from '../instances/control';

/** /region/{r}/stream — the Streams screen's calls (docs/streams-console.md). */
export const streamBase = (instance: InstanceRef) => `/region/${encodeURIComponent(instance.region_id)}/stream`;
export const streamPath = (instance: InstanceRef, verb: string, name?: string) =>
  `${streamBase(instance)}/${verb}/${encodeURIComponent(instance.id)}${name === undefined ? '' : `/${encodeURIComponent(name)}`}`;
