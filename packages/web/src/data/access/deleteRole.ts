import { http } from '../../api/http';
import { useAccessMutation } from './useAccessMutation';

/** DELETE /api/role/{id}. */
export function deleteRole(id: string): Promise<unknown> {
  return http.delete<unknown>(`/role/${encodeURIComponent(id)}`);
}

export const useDeleteRole = (orgId: string | null) => useAccessMutation(orgId, deleteRole);
