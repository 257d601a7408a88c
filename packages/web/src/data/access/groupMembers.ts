import type { GroupMembersRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { useAccessMutation } from './useAccessMutation';

export type MembershipChange = 'add' | 'remove';

/** POST /api/group/{id}/members (add) and POST /api/group/{id}/members/remove. */
export function changeGroupMembers(id: string, change: MembershipChange, body: GroupMembersRequest): Promise<unknown> {
  return http.post<unknown>(`/group/${encodeURIComponent(id)}/members${change === 'remove' ? '/remove' : ''}`, body);
}

export const useChangeGroupMembers = (orgId: string | null) =>
  useAccessMutation(orgId, ({ id, change, userIds }: { id: string; change: MembershipChange; userIds: string[] }) => changeGroupMembers(id, change, { userIds }));
