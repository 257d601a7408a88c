import { useQuery } from '@tanstack/react-query';
import type { InstanceStatusInfo } from '@tscloud/contracts';
import { http } from '../../api/http';
import { instanceKeys } from './keys';

/** GET /api/region/{region}/monitor/cluster/status/{id}: the instance's status now. Quiet (a poll). */
export function fetchInstanceStatus(regionId: string, id: string): Promise<InstanceStatusInfo> {
  return http.get<InstanceStatusInfo>(`/region/${encodeURIComponent(regionId)}/monitor/cluster/status/${encodeURIComponent(id)}`, { silent: true });
}

export function useInstanceStatus(instance: { id: string; region_id: string } | null, refetchInterval: number | false) {
  return useQuery({
    queryKey: instanceKeys.status(instance?.id ?? null),
    queryFn: () => fetchInstanceStatus(instance!.region_id, instance!.id),
    enabled: instance !== null,
    refetchInterval,
    staleTime: 0,
  });
}
