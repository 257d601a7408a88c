import { useQuery } from '@tanstack/react-query';
import type { StreamItem } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { streamPath } from './base';
import { streamKeys } from './keys';

/** Status changes (a pass failing, history filled) show without a reload. */
export const STREAM_LIST_REFRESH_MS = 5_000;

/** GET /api/region/{r}/stream/list/{instanceId}: the streams of the databases the member may see. */
export function fetchStreams(instance: InstanceRef): Promise<StreamItem[]> {
  return http.get<StreamItem[]>(streamPath(instance, 'list'));
}

export function useStreams(instance: InstanceRef | null) {
  return useQuery({
    queryKey: streamKeys.list(instance?.id ?? ''),
    queryFn: () => fetchStreams(instance!),
    enabled: instance !== null,
    refetchInterval: STREAM_LIST_REFRESH_MS,
  });
}
