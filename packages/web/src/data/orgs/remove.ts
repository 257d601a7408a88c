import { useMutation } from '@tanstack/react-query';
import { http } from '../../api/http';
import { withVerification } from '../mfa/verification';
import { loadOrgScope } from '../../routes/rebuild';
import { session } from '../../state/session';
import { refreshOrgs } from './refresh';

/**
 * DELETE /api/org/remove/{id}: only an organization without instances and arrears (the server says why not).
 * Protected operation org.delete.
 */
export function removeOrg(orgId: string): Promise<unknown> {
  return withVerification((silent) => http.delete<unknown>(`/org/remove/${encodeURIComponent(orgId)}`, { silent }));
}

/** After deleting the current organization the first one left becomes current. */
export function useRemoveOrg() {
  return useMutation({
    mutationFn: removeOrg,
    onSuccess: async (_answer, orgId) => {
      const orgs = await refreshOrgs();
      if (session.get().current.orgId === orgId) await loadOrgScope(orgs[0]?.orgId ?? null, null);
    },
  });
}
