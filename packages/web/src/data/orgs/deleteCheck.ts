import { useQuery } from '@tanstack/react-query';
import type { OrgDeleteCheck } from '@tscloud/contracts';
import { http } from '../../api/http';
import { orgKeys } from './keys';

/**
 * GET /api/org/remove/{id}/check: whether the organization can be deleted now, and the catalogue key of why not
 * (the delete's own precondition on the server). Quiet: the dialog shows the answer.
 */
export function fetchOrgDeleteCheck(orgId: string): Promise<OrgDeleteCheck> {
  return http.get<OrgDeleteCheck>(`/org/remove/${encodeURIComponent(orgId)}/check`, { silent: true });
}

/** Fresh each time the delete dialog opens: instances and arrears change meanwhile. */
export function useOrgDeleteCheck(orgId: string) {
  return useQuery({ queryKey: orgKeys.deleteCheck(orgId), queryFn: () => fetchOrgDeleteCheck(orgId), staleTime: 0, retry: false });
}
