import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransferOwnerRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { withVerification } from '../mfa/verification';
import { accessKeys } from '../access/keys';
import { refreshOrgs } from './refresh';

/** POST /api/org/transfer-owner/{id}: an active member becomes the owner (protected operation org.transferOwner). */
export function transferOwner(orgId: string, body: TransferOwnerRequest): Promise<unknown> {
  return withVerification((silent) => http.post<unknown>(`/org/transfer-owner/${encodeURIComponent(orgId)}`, body, { silent }));
}

export function useTransferOwner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orgId, userId }: { orgId: string; userId: string }) => transferOwner(orgId, { userId }),
    onSuccess: async (_answer, { orgId }) => {
      await refreshOrgs();
      await client.invalidateQueries({ queryKey: accessKeys.org(orgId) });
    },
  });
}
