import type { GrantRolesRequest, GrantRolesResult } from '@tscloud/contracts';
import { http } from '../../api/http';
import { useAccessMutation } from './useAccessMutation';

/** PUT /api/user/roles: a role for a user or a group at a level, with an expiry (for a user, also groups to join). */
export function grantRoles(body: GrantRolesRequest): Promise<GrantRolesResult> {
  return http.put<GrantRolesResult>('/user/roles', body);
}

export const useGrantRoles = (orgId: string | null) => useAccessMutation(orgId, grantRoles);
