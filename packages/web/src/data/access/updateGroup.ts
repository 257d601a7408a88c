import type { GroupUpdateRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { useAccessMutation } from './useAccessMutation';

/** PUT /api/group/{id}: rename, describe, activate or disable. */
export function updateGroup(id: string, body: GroupUpdateRequest): Promise<unknown> {
  return http.put<unknown>(`/group/${encodeURIComponent(id)}`, body);
}

export const useUpdateGroup = (orgId: string | null) =>
  useAccessMutation(orgId, ({ id, body }: { id: string; body: GroupUpdateRequest }) => updateGroup(id, body));
