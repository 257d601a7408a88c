import type { GrantActionRequest } from '@tscloud/contracts';
import { http } from '../../api/http';
import { useAccessMutation } from './useAccessMutation';

export type GrantAction = 'active' | 'disable' | 'delete';

/** POST /api/role/{delete|active|disable}/userrole. */
export function grantAction(action: GrantAction, body: GrantActionRequest): Promise<unknown> {
  return http.post<unknown>(`/role/${action}/userrole`, body);
}

export const useGrantAction = (orgId: string | null) =>
  useAccessMutation(orgId, ({ action, body }: { action: GrantAction; body: GrantActionRequest }) => grantAction(action, body));
