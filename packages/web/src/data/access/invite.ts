import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteRequest, InviteResult } from '@tscloud/contracts';
import { http } from '../../api/http';
import { accessKeys } from './keys';

/** POST /api/user/invite: an invitation mail to the e-mail, which joins the chosen groups on acceptance. */
export function inviteMember(body: InviteRequest): Promise<InviteResult> {
  return http.post<InviteResult>('/user/invite', body);
}

export function useInviteMember(orgId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => client.invalidateQueries({ queryKey: accessKeys.org(orgId) }),
  });
}
