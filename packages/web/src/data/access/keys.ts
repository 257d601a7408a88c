/**
 * Query keys of organization access control. Everything sits under the organization, so switching organizations
 * never shows another organization's rows, and a change can invalidate the whole area at once.
 */
export interface GrantListFilter {
  userId?: string;
  groupId?: string;
}

export const accessKeys = {
  all: ['access'] as const,
  org: (orgId: string | null) => [...accessKeys.all, orgId] as const,
  members: (orgId: string | null) => [...accessKeys.org(orgId), 'members'] as const,
  groups: (orgId: string | null) => [...accessKeys.org(orgId), 'groups'] as const,
  roles: (orgId: string | null) => [...accessKeys.org(orgId), 'roles'] as const,
  grants: (orgId: string | null, filter: GrantListFilter) => [...accessKeys.org(orgId), 'grants', filter] as const,
};
