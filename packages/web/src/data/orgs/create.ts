import { useMutation } from '@tanstack/react-query';
import type { OrgNameRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { refreshOrgs } from './refresh';

/** POST /api/org: a new organization owned by the caller. */
export function createOrg(body: OrgNameRequest): Promise<{ orgId: string; name: string }> {
  return http.post<{ orgId: string; name: string }>('/org', body);
}

export function useCreateOrg() {
  return useMutation({ mutationFn: createOrg, onSuccess: () => refreshOrgs() });
}
