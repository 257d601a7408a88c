import type { RoleUpdateRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { useAccessMutation } from './useAccessMutation';

/** PUT /api/role/{id}. Built-in roles are refused by the server. */
export function updateRole(id: string, body: RoleUpdateRequest): Promise<unknown> {
  return http.put<unknown>(`/role/${encodeURIComponent(id)}`, body);
}

export const useUpdateRole = (orgId: string | null) =>
  useAccessMutation(orgId, ({ id, body }: { id: string; body: RoleUpdateRequest }) => updateRole(id, body));
