import { useQuery } from '@tanstack/react-query';
import type { PricePlan } from '@tscloud/contracts';
import { http } from '../../api/http';
import { instanceKeys } from './keys';

/** GET /api/billing/PricePlan/list/instance?ha=1|0: the plans (with HA only those offering it) and hourly prices. */
export function fetchPricePlans(ha: 0 | 1): Promise<PricePlan[]> {
  return http.get<PricePlan[]>('/billing/PricePlan/list/instance', { query: { ha } });
}

export function usePricePlans(ha: 0 | 1) {
  return useQuery({ queryKey: instanceKeys.plans(ha), queryFn: () => fetchPricePlans(ha), staleTime: 5 * 60_000 });
}
