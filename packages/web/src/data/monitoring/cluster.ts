import { useQuery } from '@tanstack/react-query';
import { MONITOR_CLUSTER_INFO_TIMEOUT_MS, type MonitorClusterInfo } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { monitoringKeys } from './keys';

/** GET /api/region/{r}/monitor/user-cluster?app_id=: the instance now (waits up to 30 s, §9). */
export function fetchClusterInfo(instance: InstanceRef): Promise<MonitorClusterInfo> {
  return http.get<MonitorClusterInfo>(`/region/${encodeURIComponent(instance.region_id)}/monitor/user-cluster`, {
    query: { app_id: instance.id },
    timeoutMs: MONITOR_CLUSTER_INFO_TIMEOUT_MS,
    silent: true,
  });
}

export function useClusterInfo(instance: InstanceRef | null) {
  return useQuery({ queryKey: monitoringKeys.cluster(instance?.id ?? null), queryFn: () => fetchClusterInfo(instance!), enabled: instance !== null });
}
