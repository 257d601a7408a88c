import { useQuery } from '@tanstack/react-query';
import type { UsageRecord } from '@tscloud/contracts';
import { http } from '../../api/http';
import { billingKeys } from './keys';

/** GET /api/billing/usage/cdr-list/{id}: the instance-hours (CDRs) of one instance-day, by hour. */
export function fetchCdrList(dayId: string): Promise<UsageRecord[]> {
  return http.get<UsageRecord[]>(`/billing/usage/cdr-list/${encodeURIComponent(dayId)}`);
}

export function useCdrList(orgId: string | null, dayId: string | null) {
  return useQuery({ queryKey: billingKeys.cdrList(orgId, dayId), queryFn: () => fetchCdrList(dayId!), enabled: orgId !== null && dayId !== null });
}
