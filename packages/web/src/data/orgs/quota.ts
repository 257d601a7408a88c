import { useQuery } from '@tanstack/react-query';
import type { OrgQuota } from '@tscloud/contracts';
import { http } from '../../api/http';
import { orgKeys } from './keys';

/** GET /api/org/quota: the caller's plan and how many organizations it may own (the free plan's limit). */
export function fetchOrgQuota(): Promise<OrgQuota> {
  return http.get<OrgQuota>('/org/quota');
}

/** Fetched fresh each time the create dialog opens: an organization may have been made or deleted meanwhile. */
export function useOrgQuota() {
  return useQuery({ queryKey: [...orgKeys.all, 'quota'], queryFn: fetchOrgQuota, staleTime: 0 });
}
