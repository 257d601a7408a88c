import { useMutation } from '@tanstack/react-query';
import type { OrgNameRequest, OrgSummary } from '@tscloud/contracts';
import { http } from '../../api/http';
import { refreshOrgs } from './refresh';

/** POST /api/org: a new organization owned by the caller. */
export function createOrg(body: OrgNameRequest): Promise<OrgSummary> {
  return http.post<OrgSummary>('/org', body);
}

export function useCreateOrg() {
  return useMutation({ mutationFn: createOrg, onSuccess: () => refreshOrgs() });
}
