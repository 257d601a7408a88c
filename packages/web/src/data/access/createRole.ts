import type { RoleCreateRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { useAccessMutation } from './useAccessMutation';

/** POST /api/role: a custom role made of privilege strings. */
export function createRole(body: RoleCreateRequest): Promise<unknown> {
  return http.post<unknown>('/role', body);
}

export const useCreateRole = (orgId: string | null) => useAccessMutation(orgId, createRole);
