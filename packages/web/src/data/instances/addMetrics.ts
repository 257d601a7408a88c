import { useMutation } from '@tanstack/react-query';
import type { AddMetricsRequest, InstanceUpgradeResult } from '@tscloud/contracts';
import { http } from '../../api/http';
import { refreshInstances } from './refresh';

/** POST /api/region/{regionId}/app/metrics (§5 "add metrics only"). Silent: the plan dialog shows the server's refusal. */
export function addMetrics(regionId: string, body: AddMetricsRequest): Promise<InstanceUpgradeResult> {
  return http.post(`/region/${encodeURIComponent(regionId)}/app/metrics`, body, { silent: true });
}

export function useAddMetrics() {
  return useMutation({
    mutationFn: ({ regionId, body }: { regionId: string; body: AddMetricsRequest }) => addMetrics(regionId, body),
    // §5: on success the cluster list reloads.
    onSuccess: () => refreshInstances(),
  });
}
