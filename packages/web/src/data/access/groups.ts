import { useQuery } from '@tanstack/react-query';
import type { Group, Page } from '@tscloud/contracts';
import { http } from '../../api/http';
import { accessKeys } from './keys';
import { rowsOf } from './rows';

/** GET /api/group: the organization's user groups with their members. */
export async function fetchGroups(): Promise<Group[]> {
  return rowsOf(await http.get<Group[] | Page<Group>>('/group'));
}

export function useGroups(orgId: string | null) {
  return useQuery({ queryKey: accessKeys.groups(orgId), queryFn: fetchGroups, enabled: orgId !== null });
}
