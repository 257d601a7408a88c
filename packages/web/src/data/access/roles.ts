import { useQuery } from '@tanstack/react-query';
import type { Page, Role } from '@tscloud/contracts';
import { http } from '../../api/http';
import { accessKeys } from './keys';
import { rowsOf } from './rows';

/** GET /api/role: built-in and custom roles with their privileges. */
export async function fetchRoles(): Promise<Role[]> {
  return rowsOf(await http.get<Role[] | Page<Role>>('/role'));
}

export function useRoles(orgId: string | null) {
  return useQuery({ queryKey: accessKeys.roles(orgId), queryFn: fetchRoles, enabled: orgId !== null });
}
