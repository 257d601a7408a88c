import { useQuery } from '@tanstack/react-query';
import type { OrgMember, Page } from '@tscloud/contracts';
import { http } from '../../api/http';
import { accessKeys } from './keys';
import { rowsOf } from './rows';

/** GET /api/org/users: the current organization's members and invitations, with their groups and roles. */
export async function fetchMembers(): Promise<OrgMember[]> {
  return rowsOf(await http.get<OrgMember[] | Page<OrgMember>>('/org/users'));
}

export function useMembers(orgId: string | null) {
  return useQuery({ queryKey: accessKeys.members(orgId), queryFn: fetchMembers, enabled: orgId !== null });
}
