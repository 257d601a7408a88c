import { useQuery } from '@tanstack/react-query';
import { AppType, type InstanceStatusInfo } from '@tscloud/contracts';
import { http } from '../../api/http';
import { fetchIdmpStatus } from './idmpStatus';
import { instanceKeys } from './keys';

/** GET /api/region/{region}/monitor/cluster/status/{id}: the instance's status now. Quiet (a poll). */
export function fetchInstanceStatus(regionId: string, id: string): Promise<InstanceStatusInfo> {
  return http.get<InstanceStatusInfo>(`/region/${encodeURIComponent(regionId)}/monitor/cluster/status/${encodeURIComponent(id)}`, { silent: true });
}

/** §4: an IDMP instance is asked through its own status call (which also answers a phase). */
export async function fetchAnyInstanceStatus(instance: { id: string; region_id: string; app_type: string }): Promise<InstanceStatusInfo> {
  if (instance.app_type !== AppType.TDASSET) return fetchInstanceStatus(instance.region_id, instance.id);
  const idmp = await fetchIdmpStatus(instance.region_id, instance.id);
  return { id: idmp.id, cluster_status: idmp.cluster_status, status_reason: null };
}

export function useInstanceStatus(instance: { id: string; region_id: string; app_type: string } | null, refetchInterval: number | false) {
  return useQuery({
    queryKey: instanceKeys.status(instance?.id ?? null),
    queryFn: () => fetchAnyInstanceStatus(instance!),
    enabled: instance !== null,
    refetchInterval,
    staleTime: 0,
  });
}
