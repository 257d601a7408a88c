import { useMutation } from '@tanstack/react-query';
import type { BillingOverview, InstanceUpgradeRequest, InstanceUpgradeResult } from '@tscloud/contracts';
import { http } from '../../api/http';
import { refreshInstances } from './refresh';

/** POST /api/region/{regionId}/app/upgrade. Silent: the plan dialog shows the server's refusal. */
export function upgradeInstance(regionId: string, body: InstanceUpgradeRequest): Promise<InstanceUpgradeResult> {
  return http.post(`/region/${encodeURIComponent(regionId)}/app/upgrade`, body, { silent: true });
}

export function useUpgradeInstance() {
  return useMutation({
    mutationFn: ({ regionId, body }: { regionId: string; body: InstanceUpgradeRequest }) => upgradeInstance(regionId, body),
    // §5: on success the cluster list reloads.
    onSuccess: () => refreshInstances(),
  });
}

/**
 * GET /api/billing/payment/summary/overview: credit balance, card on file, marketplace-billed — read fresh when the
 * plan dialog is confirmed (the credit check), so it is a plain call rather than a cached query.
 */
export function fetchBillingOverview(): Promise<BillingOverview> {
  return http.get<BillingOverview>('/billing/payment/summary/overview', { silent: true });
}
