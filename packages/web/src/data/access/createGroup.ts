import type { GroupCreateRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { useAccessMutation } from './useAccessMutation';

/** POST /api/group: a user group, optionally with its first members. */
export function createGroup(body: GroupCreateRequest): Promise<unknown> {
  return http.post<unknown>('/group', body);
}

export const useCreateGroup = (orgId: string | null) => useAccessMutation(orgId, createGroup);
