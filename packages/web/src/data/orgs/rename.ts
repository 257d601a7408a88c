import { useMutation } from '@tanstack/react-query';
import type { OrgNameRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { refreshOrgs } from './refresh';

/** PUT /api/org/{id}: a new name. */
export function renameOrg(orgId: string, body: OrgNameRequest): Promise<unknown> {
  return http.put<unknown>(`/org/${encodeURIComponent(orgId)}`, body);
}

export function useRenameOrg() {
  return useMutation({ mutationFn: ({ orgId, name }: { orgId: string; name: string }) => renameOrg(orgId, { name }), onSuccess: () => refreshOrgs() });
}
