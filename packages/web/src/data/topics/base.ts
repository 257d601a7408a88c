import type { InstanceRef } from '../instances/control';

/** `/region/{r}/topic` (contracts api/topics.ts). */
export const topicBase = (i: InstanceRef) => `/region/${encodeURIComponent(i.region_id)}/topic`;
export const topicPath = (i: InstanceRef, what: string, topic?: string) =>
  `${topicBase(i)}/${what}/${encodeURIComponent(i.id)}${topic ? `/${encodeURIComponent(topic)}` : ''}`;
