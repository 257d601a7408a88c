import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberTargetRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { withVerification } from '../mfa/verification';
import { accessKeys } from './keys';

export type MemberAction = 'disable' | 'active' | 'delete';

/** POST /api/org/{disable|active|delete}/orguser. Removing a member is a protected operation (member.delete). */
export function memberAction(action: MemberAction, target: MemberTargetRequest): Promise<null> {
  const call = (silent: boolean) => http.post<null>(`/org/${action}/orguser`, target, { silent });
  return action === 'delete' ? withVerification(call) : call(false);
}

export function useMemberAction(orgId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, target }: { action: MemberAction; target: MemberTargetRequest }) => memberAction(action, target),
    onSuccess: () => client.invalidateQueries({ queryKey: accessKeys.org(orgId) }),
  });
}
