import { http } from '../../api/http';
import { useAccessMutation } from './useAccessMutation';

/** DELETE /api/group/{id}: the group, its memberships and its grants. */
export function deleteGroup(id: string): Promise<unknown> {
  return http.delete<unknown>(`/group/${encodeURIComponent(id)}`);
}

export const useDeleteGroup = (orgId: string | null) => useAccessMutation(orgId, deleteGroup);
