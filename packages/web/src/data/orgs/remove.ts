import { useMutation } from '@tanstack/react-query';
import type { OrgSummary } from '@tscloud/contracts';
import { http } from '../../api/http';
import { withVerification } from '../mfa/verification';
import { refreshOrgs } from './refresh';

/**
 * DELETE /api/org/remove/{id}: only an organization without instances and arrears (the server says why not).
 * Protected operation org.delete.
 */
export function removeOrg(orgId: string): Promise<unknown> {
  return withVerification((silent) => http.delete<unknown>(`/org/remove/${encodeURIComponent(orgId)}`, { silent }));
}

/**
 * The delete, then the organization list again; `onRemoved` gets the organizations left (the shell passes
 * routes/rebuild's `leaveRemovedOrg`, so the data layer does not move the console itself).
 */
export function useRemoveOrg(onRemoved: (orgId: string, orgsLeft: readonly OrgSummary[]) => Promise<void>) {
  return useMutation({
    mutationFn: removeOrg,
    onSuccess: async (_answer, orgId) => onRemoved(orgId, await refreshOrgs()),
  });
}
