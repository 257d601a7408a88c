import { useQuery } from '@tanstack/react-query';
import type { Page, RoleGrant } from '@tscloud/contracts';
import { http } from '../../api/http';
import { accessKeys, type GrantListFilter } from './keys';
import { rowsOf } from './rows';

/** GET /api/role/grant-list?userId|groupId: a user's grants (direct and through groups) or a group's. */
export async function fetchGrants(filter: GrantListFilter): Promise<RoleGrant[]> {
  return rowsOf(await http.get<RoleGrant[] | Page<RoleGrant>>('/role/grant-list', { query: { ...filter } }));
}

export function useGrants(orgId: string | null, filter: GrantListFilter) {
  return useQuery({ queryKey: accessKeys.grants(orgId, filter), queryFn: () => fetchGrants(filter), enabled: orgId !== null });
}
